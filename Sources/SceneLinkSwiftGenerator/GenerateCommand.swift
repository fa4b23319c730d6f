import Foundation
import SceneLinkCore

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
    /// The route file when none is named (`SCENELINK_ROUTES` for `scenelink generate`).
    let defaultRouteFile: String?
    let out: Writer
    let err: Writer

    /// - Parameters:
    ///   - program: how messages name the command (`scenelink generate`).
    ///   - version: the SceneLink version written in headers.
    ///   - defaultRouteFile: the route file when the arguments name none.
    public init(program: String, version: String = SwiftGenerator.sceneLinkVersion, defaultRouteFile: String? = nil,
                out: @escaping Writer, err: @escaping Writer) {
        self.program = program
        self.version = version
        self.defaultRouteFile = defaultRouteFile
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
          ROUTEFILE may also be given as --routes FILE, or a bundled example as --example NAME
          (\(BuiltInRoutes.exampleNames.joined(separator: ", "))).
        """
    }

    /// Kinds for SceneLink's own checks (scripts/check-generated-swift.sh), accepted but never
    /// shown in the usage: links-check ROUTEFILE --module NAME, sample-links ROUTEFILE, modules ROUTEFILE.
    static let internalKinds = ["links-check", "sample-links", "modules"]

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
        guard (["swift", "swift-tests"] + Self.internalKinds).contains(kind) else {
            let near = NearestName.closest(to: kind, in: ["swift", "swift-tests"]).map { "did you mean \($0)? Use" } ?? "use"
            err("\(program): unknown kind '\(kind)'; \(near) swift or swift-tests.\n\(usage)")
            return 2
        }
        var file: String?
        var flagFile: String?
        var example: String?
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
                case "--routes": flagFile = try value(argument)
                case "--example": example = try value(argument)
                case "--output", "-o": output = try value(argument)
                case "--access":
                    let text = try value(argument)
                    guard let level = SwiftAccessLevel(rawValue: text) else {
                        throw UsageError(message: "--access takes public or internal, not '\(text)'.")
                    }
                    access = level
                default:
                    if argument.hasPrefix("-") {
                        let flags = ["routes", "example", "module", "access", "output"]
                        let near = NearestName.closest(to: String(argument.drop { $0 == "-" }), in: flags)
                        throw UsageError(message: "Unknown flag \(argument)" + (near.map { "; did you mean --\($0)?" } ?? "; the flags are --routes, --example, --module, --access and --output."))
                    }
                    guard file == nil else { throw UsageError(message: "One route file, please; '\(argument)' is a second one.") }
                    file = argument
                }
                index += 1
            }
            if kind == "swift-tests" && arguments.contains("--access") {
                throw UsageError(message: "--access applies to generate swift only; the tests use @testable import.")
            }
            if let flagFile {
                guard file == nil else { throw UsageError(message: "Name the route file once, as ROUTEFILE or as --routes FILE, not both.") }
                file = flagFile
            }
            if let name = example {
                guard file == nil else { throw UsageError(message: "Name a route file or --example NAME, not both.") }
                guard BuiltInRoutes.example(named: name) != nil else {
                    throw UsageError(message: "There is no example '\(name)'; the examples are \(BuiltInRoutes.exampleNames.joined(separator: ", ")).")
                }
            }
            if file == nil, example == nil, let defaultRouteFile, !defaultRouteFile.isEmpty { file = defaultRouteFile }
            guard file != nil || example != nil else { throw UsageError(message: "Name the route file, as ROUTEFILE or --routes FILE.") }
            if !["sample-links", "modules"].contains(kind) && module == nil { throw UsageError(message: "--module NAME is required: the module whose types to write.") }
        } catch {
            err("\(program) \(kind): \(error.message)\n\(usage)")
            return 2
        }
        let path: String
        let bytes: [UInt8]
        if let name = example, let text = BuiltInRoutes.example(named: name) {
            (path, bytes) = (name + ".json", Array(text.utf8))
        } else if let named = file {
            path = named
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                err("\(program) \(kind): cannot read \(path): \(error.localizedDescription)")
                return 1
            }
        } else {
            return 2
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
