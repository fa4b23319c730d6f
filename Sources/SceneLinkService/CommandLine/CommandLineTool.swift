import Foundation
import SceneLinkCore
import SceneLinkOperations

/// The `scenelink` command line: parses arguments and runs one command.
///
/// Testable without a process: output goes to the given writers and the exit status is
/// returned. `0` success, `1` a failure at run time (a route file with problems for `check`,
/// `resolve`, `routes`, `association`, `generate`; a link that does not resolve; a port already
/// taken), `2` a usage or configuration error (for `serve`, a route file with problems too).
///
/// Every command answers one grammar (`CommandArguments`): `scenelink help CMD`, `CMD --help`
/// and `CMD -h` print its usage, options and an example and exit 0; an unknown flag is
/// refused with the nearest one and exit 2; a route file is `--routes FILE` or the positional
/// ROUTEFILE alike.
///
/// ```
/// scenelink serve [ROUTEFILE | --example NAME] [--port 8080] [--db PATH] [--quiet] ...
/// scenelink resolve LINK [ROUTEFILE] [--format navigationPath|array|elements]
/// scenelink check ROUTEFILE
/// scenelink routes [ROUTEFILE]
/// scenelink association apple|android [ROUTEFILE]
/// scenelink generate swift|swift-tests ROUTEFILE --module NAME [--access public|internal] [--output FILE]
/// scenelink qr TEXT [--ecc L|M|Q|H] [--margin N]
/// scenelink healthcheck [--host HOST] [--port PORT]
/// scenelink store copy --from STORE --to STORE [--resume]   (SQLite file or postgres:// URL)
/// scenelink backup [--db PATH] DEST
/// scenelink keys create --name NAME --scopes A,B | list | revoke ID   [--db PATH | --store URL]
/// scenelink links check CANDIDATE [--routes TODAY] [--db PATH | --store URL] [--links FILE] [--since 30d] [--json]
/// scenelink import csv|firebase|bitly|shlink|yourls FILE [--db PATH | --store URL] [--dry-run] [--report FILE.json]
/// scenelink token
/// scenelink endpoints [--json]
/// scenelink install [--prefix DIR]
/// scenelink help [COMMAND]
/// ```
public struct CommandLineTool {
    public typealias Writer = (String) -> Void

    let environment: [String: String]
    let out: Writer
    let err: Writer
    /// The running binary, which `install` copies; nil reads `/proc/self/exe`.
    let executablePath: String?

    /// - Parameter executablePath: the binary `scenelink install` copies; nil for the running one.
    public init(environment: [String: String], executablePath: String? = nil, out: @escaping Writer, err: @escaping Writer) {
        self.environment = environment
        self.executablePath = executablePath
        self.out = out
        self.err = err
    }

    static let usage = """
        Usage: scenelink COMMAND [options]

        Commands:
          serve        Run the HTTP service: scenelink serve [ROUTEFILE | --example NAME] [flags]
          resolve      Resolve a link offline: scenelink resolve LINK [ROUTEFILE] [--format F]
          check        Validate a route file: scenelink check ROUTEFILE
          routes       List the routes: scenelink routes [ROUTEFILE]
          association  Print apple-app-site-association or assetlinks.json:
                       scenelink association apple|android [ROUTEFILE]
          generate     The app's Swift navigation types, or a test that catches drift:
                       scenelink generate swift|swift-tests ROUTEFILE --module NAME
          qr           Print a QR code as SVG: scenelink qr TEXT [--ecc L|M|Q|H] [--margin N]
          healthcheck  Exit 0 when the server at SCENELINK_HOST:SCENELINK_PORT (or --host, --port;
                       default \(ServiceConfiguration().http.host):\(ServiceConfiguration().http.port)) answers GET /healthz (containers)
          store copy   Move a store from SQLite to PostgreSQL or back, checked by digests:
                       scenelink store copy --from STORE --to STORE [--resume]
          backup       Copy the SQLite store while the server runs: scenelink backup [--db PATH] DEST
          keys         Named API keys with scopes: scenelink keys create --name NAME --scopes A,B,
                       scenelink keys list, scenelink keys revoke ID (--db PATH or --store URL)
          links check  Check every stored and listed link against the app's next route file:
                       scenelink links check NEW-ROUTES.json [--db PATH] [--json]
          import       Import the links of a SceneLink, Firebase, Bitly, Shlink or YOURLS export:
                       scenelink import firebase FILE [--db PATH] [--dry-run] [--report FILE]
          token        Print a new admin token (32 random bytes, base64url): scenelink token
          endpoints    Every route with its port, caller, rate limit and body limit:
                       scenelink endpoints [--json]
          install      Put this binary on the PATH: scenelink install [--prefix DIR] (default \(installPrefix))
          help         scenelink help COMMAND, like COMMAND --help: usage, options, an example

        A route file is ROUTEFILE or --routes FILE alike, else SCENELINK_ROUTES; --example NAME
        names a bundled example app instead (\(BuiltInRoutes.exampleNames.joined(separator: ", ")));
        without any, the built-in FuelMoney example app is used (check and generate need one).

        Exit status: 0 success; 1 a failure at run time (a route file with problems for check,
        resolve, routes, association and generate; a link that matches no route; a port taken);
        2 a usage or configuration error (for serve, a route file with problems too).

        Options: --help, --version.
        """

    /// Runs the command in `arguments` (without the program name).
    /// `serve` blocks until the server has shut down.
    public func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            err(CommandLineTool.usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h":
            out(CommandLineTool.usage)
            return 0
        case "help":
            return help(rest)
        case "--version":
            out("scenelink \(SceneLinkVersion.current)")
            return 0
        default:
            break
        }
        guard let help = CommandLineTool.help(for: command), command != "help" else {
            let near = CommandLineTool.nearestCommand(to: command).map { "did you mean '\($0)'? Run" } ?? "run"
            err("scenelink: unknown command '\(command)'; \(near) 'scenelink --help' for the commands.")
            return 2
        }
        // `--help` and `-h` anywhere before `--` ask for help, as git's and swift-argument-parser's do.
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            out(help.text)
            return 0
        }
        switch command {
        case "serve": return serve(rest)
        case "resolve": return resolve(rest)
        case "check": return check(rest)
        case "routes": return routes(rest)
        case "association": return association(rest)
        case "generate": return generate(rest)
        case "qr": return qr(rest)
        case "healthcheck": return healthcheck(rest)
        case "store": return store(rest)
        case "backup": return backup(rest)
        case "keys": return keys(rest)
        case "links": return links(rest)
        case "import": return importLinks(rest)
        case "token": return token(rest)
        case "endpoints": return endpoints(rest)
        case "install": return install(rest)
        case "version":
            guard rest.isEmpty else { return usageError("version", ConfigurationError("version takes no arguments.")) }
            out("scenelink \(SceneLinkVersion.current)")
            return 0
        default: return 2
        }
    }

    /// `scenelink help [COMMAND]`.
    func help(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            out(CommandLineTool.usage)
            return 0
        }
        let asked = command == "--help" || command == "-h" ? "help" : arguments.joined(separator: " ")
        guard let help = CommandLineTool.help(for: asked) ?? CommandLineTool.help(for: command) else {
            let near = CommandLineTool.nearestCommand(to: command).map { "did you mean '\($0)'? Run" } ?? "run"
            err("scenelink help: there is no command '\(command)'; \(near) 'scenelink --help' for the commands.")
            return 2
        }
        out(help.text)
        return 0
    }

    /// Prints a usage error of `command` (one sentence, then its usage lines) and returns 2.
    func usageError(_ command: String, _ error: ConfigurationError) -> Int32 {
        let usage = CommandLineTool.help(for: command)?.usageText ?? ""
        err("scenelink \(command): \(error.message)" + (usage.isEmpty ? "" : "\n" + usage))
        return 2
    }

    func healthcheck(_ arguments: [String]) -> Int32 {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment, command: "healthcheck")
        } catch {
            err("scenelink healthcheck: \(error.message)")
            return 2
        }
        if let problem = HealthProbe.check(host: configuration.http.host, port: configuration.http.port) {
            err("scenelink healthcheck: \(problem)")
            return 1
        }
        out("ok")
        return 0
    }
}
