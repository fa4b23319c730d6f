import Foundation

/// `generate swift|swift-tests ROUTEFILE --module NAME [--access public|internal] [--output FILE]`:
/// the command line of `scenelink generate` and of the `scenelink-generate` tool the build
/// plugin runs.
///
/// Exit status: 0 written; 1 the route file does not load or cannot become Swift (one line
/// per problem, with its JSON location); 2 a usage error.
public struct GenerateCommand {
    public typealias Writer = (String) -> Void

    let program: String
    let version: String
    let out: Writer
    let err: Writer

    /// - Parameters:
    ///   - program: how messages name the command (`scenelink generate`).
    ///   - version: the SceneLink version written in headers.
    public init(program: String, version: String = SwiftGenerator.sceneLinkVersion, out: @escaping Writer, err: @escaping Writer) {
        self.program = program
        self.version = version
        self.out = out
        self.err = err
    }

    public var usage: String {
        """
        usage: \(program) swift ROUTEFILE --module NAME [--access public|internal] [--output FILE]
               \(program) swift-tests ROUTEFILE --module NAME [--output FILE]
          swift        the types whose tags lie in module NAME, and typed link builders (Links);
               --access defaults to public when another module of the file names these types
          swift-tests  a Swift Testing file that fails when the app's own types drift from the route file
        (For SceneLink's own CI: links-check ROUTEFILE --module NAME, sample-links ROUTEFILE, modules ROUTEFILE.)
        """
    }

    private struct UsageError: Error { var message: String }

    /// Runs one generate command (`arguments` without the program name).
    public func run(_ arguments: [String]) -> Int32 {
        guard let kind = arguments.first else {
            err(usage)
            return 2
        }
        if kind == "--help" || kind == "-h" || kind == "help" {
            out(usage)
            return 0
        }
        guard ["swift", "swift-tests", "links-check", "sample-links", "modules"].contains(kind) else {
            err("\(program): unknown kind '\(kind)'; use swift or swift-tests.\n\(usage)")
            return 2
        }
        var file: String?
        var module: String?
        var access: SwiftAccessLevel?
        var output: String?
        do throws(UsageError) {
            var index = 1
            func value(_ flag: String) throws(UsageError) -> String {
                index += 1
                guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value.") }
                return arguments[index]
            }
            while index < arguments.count {
                let argument = arguments[index]
                switch argument {
                case "--module": module = try value(argument)
                case "--output", "-o": output = try value(argument)
                case "--access":
                    let text = try value(argument)
                    guard let level = SwiftAccessLevel(rawValue: text) else {
                        throw UsageError(message: "--access takes public or internal, not '\(text)'.")
                    }
                    access = level
                default:
                    if argument.hasPrefix("-") { throw UsageError(message: "Unknown flag \(argument).") }
                    guard file == nil else { throw UsageError(message: "One route file, please; '\(argument)' is a second one.") }
                    file = argument
                }
                index += 1
            }
            if kind == "swift-tests" && arguments.contains("--access") {
                throw UsageError(message: "--access applies to generate swift only; the tests use @testable import.")
            }
            guard file != nil else { throw UsageError(message: "Name the route file.") }
            if !["sample-links", "modules"].contains(kind) && module == nil { throw UsageError(message: "--module NAME is required: the module whose types to write.") }
        } catch {
            err("\(program) \(kind): \(error.message)\n\(usage)")
            return 2
        }
        guard let path = file else { return 2 }
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            err("\(program) \(kind): cannot read \(path): \(error.localizedDescription)")
            return 1
        }
        let text: String
        do {
            let generator = try SwiftGenerator(routeFile: bytes, fileName: URL(fileURLWithPath: path).lastPathComponent, version: version)
            switch kind {
            case "swift": text = try generator.types(module: module ?? "", access: access)
            case "swift-tests": text = try generator.tests(module: module ?? "")
            case "links-check": text = try generator.linksCheck(module: module ?? "")
            case "modules": text = generator.modules.map { $0 + "\n" }.joined()
            default: text = generator.sampleLinks().map { $0 + "\n" }.joined()
            }
        } catch {
            err("\(program) \(kind): \(path): \(error.description)")
            return 1
        }
        guard let output else {
            out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
            return 0
        }
        do {
            let url = URL(fileURLWithPath: output)
            // Unchanged output keeps its timestamp, so builds that depend on it stay incremental.
            if let existing = try? Data(contentsOf: url), existing == Data(text.utf8) { return 0 }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return 0
        } catch {
            err("\(program) \(kind): cannot write \(output): \(error.localizedDescription)")
            return 1
        }
    }
}
