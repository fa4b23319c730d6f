import Foundation

/// The `scenelink` command line: parses arguments and runs one command.
///
/// Testable without a process: output goes to the given writers and the exit status is
/// returned. `0` success, `1` a failure at run time (a bad route file for `check`, a link
/// that does not resolve, a port already taken), `2` a usage or configuration error.
///
/// ```
/// scenelink serve [--port 8080] [--routes FILE] [--db PATH] ...
/// scenelink resolve LINK [--routes FILE] [--format navigationPath|array|elements]
/// scenelink check FILE
/// scenelink routes [--routes FILE]
/// scenelink association apple|android [ROUTEFILE]
/// scenelink generate swift|swift-tests ROUTEFILE --module NAME [--access public|internal] [--output FILE]
/// scenelink qr TEXT [--ecc L|M|Q|H] [--margin N]
/// scenelink healthcheck
/// scenelink store copy --from STORE --to STORE [--resume]   (SQLite file or postgres:// URL)
/// scenelink backup --db PATH DEST
/// scenelink endpoints [--json]
/// ```
public struct CommandLineTool {
    public typealias Writer = (String) -> Void

    let environment: [String: String]
    let out: Writer
    let err: Writer

    public init(environment: [String: String], out: @escaping Writer, err: @escaping Writer) {
        self.environment = environment
        self.out = out
        self.err = err
    }

    static let usage = """
        Usage: scenelink COMMAND [options]

        Commands:
          serve        Run the HTTP service (scenelink serve --help lists every flag).
          resolve      Resolve a link: scenelink resolve LINK [--routes FILE] [--format F]
                       (F: document (default), navigationPath, array, elements).
          check        Validate a route file: scenelink check FILE
          routes       List the routes: scenelink routes [--routes FILE]
          association  Print /.well-known/apple-app-site-association or assetlinks.json:
                       scenelink association apple|android [ROUTEFILE]
          generate     The app's Swift navigation types, or a test that catches drift:
                       scenelink generate swift|swift-tests ROUTEFILE --module NAME
                       [--access public|internal] [--output FILE] (docs/swift-types.md)
          qr           Print a QR code as SVG: scenelink qr TEXT [--ecc L|M|Q|H] [--margin N]
                       (--batch FILE --output DIR: one SVG per line of FILE).
          healthcheck  Exit 0 when the local server answers GET /healthz (for containers).
          store copy   Move a store (webhooks included) from SQLite to PostgreSQL or back, checked
                       by digests: scenelink store copy --from STORE --to STORE [--resume]
          backup       Copy the SQLite store while the server runs (SQLite's backup API):
                       scenelink backup --db PATH DEST
          endpoints    Every route with its port, caller, rate limit and body limit:
                       scenelink endpoints [--json]

        Options: --help, --version. Without --routes (or SCENELINK_ROUTES) the built-in
        FuelMoney example app is used.
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
        case "--help", "-h", "help":
            out(CommandLineTool.usage)
            return 0
        case "--version", "version":
            out("scenelink \(SceneLinkVersion.current)")
            return 0
        case "serve":
            return serve(rest)
        case "resolve":
            return resolve(rest)
        case "check":
            return check(rest)
        case "routes":
            return routes(rest)
        case "association":
            return association(rest)
        case "generate":
            return generate(rest)
        case "qr":
            return qr(rest)
        case "healthcheck":
            return healthcheck(rest)
        case "store":
            return store(rest)
        case "backup":
            return backup(rest)
        case "endpoints":
            return endpoints(rest)
        default:
            err("scenelink: unknown command '\(command)'; run 'scenelink --help' for the commands.")
            return 2
        }
    }

    func healthcheck(_ arguments: [String]) -> Int32 {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment)
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
