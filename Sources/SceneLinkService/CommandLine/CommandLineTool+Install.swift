import Foundation
import SceneLinkOperations

extension CommandLineTool {
    /// Where `scenelink install` puts `bin/scenelink` when no `--prefix` is given.
    static let installPrefix = "/usr/local"

    /// `scenelink install [--prefix DIR]`: copies the running binary to DIR/bin/scenelink (a
    /// temporary file in that folder, renamed over the old one, so a running server keeps its
    /// binary), and says when DIR/bin is not on the PATH.
    func install(_ arguments: [String]) -> Int32 {
        var prefix = CommandLineTool.installPrefix
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "install")
            if let stray = parsed.positionals.first {
                throw ConfigurationError("Unexpected argument '\(stray)'; name the folder as --prefix DIR.")
            }
            if let given = parsed["prefix"] { prefix = try ValueParser.nonEmpty(given, flag: "prefix") }
        } catch {
            return usageError("install", error)
        }
        if prefix == "~" || prefix.hasPrefix("~/"), let home = environment["HOME"] {
            prefix = home + prefix.dropFirst()
        }
        let folder = URL(fileURLWithPath: prefix).appendingPathComponent("bin").standardizedFileURL.path
        let target = folder + "/scenelink"
        let source: String
        do {
            source = try executablePath ?? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            err("scenelink install: cannot find this binary's path (/proc/self/exe); copy it yourself: install -m 755 PATH \(target)")
            return 1
        }
        if URL(fileURLWithPath: source).resolvingSymlinksInPath().path == URL(fileURLWithPath: target).resolvingSymlinksInPath().path {
            out("\(target) is this binary already")
            return 0
        }
        let advice = "run it with sudo, or choose a folder of your own: scenelink install --prefix ~/.local"
        if let problem = CommandLineTool.makeFolder(folder) {
            err("scenelink install: cannot create \(problem); \(advice).")
            return 1
        }
        guard access(folder, W_OK) == 0 else {
            err("scenelink install: cannot write to \(folder) (\(String(cString: strerror(errno)))); \(advice).")
            return 1
        }
        let temporary = folder + "/.scenelink.install-\(getpid())"
        do {
            try? FileManager.default.removeItem(atPath: temporary)
            try FileManager.default.copyItem(atPath: source, toPath: temporary)
            guard chmod(temporary, 0o755) == 0, rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: temporary)
                err("scenelink install: cannot put the binary at \(target) (\(reason)); \(advice).")
                return 1
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            err("scenelink install: cannot copy \(source) to \(folder) (\(error.localizedDescription)); \(advice).")
            return 1
        }
        out("installed \(target)")
        let path = (environment["PATH"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)).standardizedFileURL.path }
        if !path.contains(folder) {
            out("\(folder) is not on your PATH; add it: export PATH=\"\(folder):$PATH\"")
        }
        return 0
    }

    /// Creates `path` and the folders above it that are missing (as `mkdir -p`); nil when it
    /// exists now, else the folder that could not be made and strerror's reason.
    private static func makeFolder(_ path: String) -> String? {
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            var status = stat()
            if stat(made, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else { return "\(made) (it is a file, not a folder)" }
                continue
            }
            guard mkdir(made, 0o755) == 0 || errno == EEXIST else { return "\(made) (\(String(cString: strerror(errno))))" }
        }
        return nil
    }
}
