import SceneLinkCore
import SceneLinkOperations

extension CommandLineTool {
    /// `--routes FILE` as every command that reads a route file takes it: also as the
    /// positional ROUTEFILE, else `SCENELINK_ROUTES`, else the built-in FuelMoney app.
    static let routesFlag = CommandFlag.serve(
        "routes", help: "The route file (JSON); the ROUTEFILE argument says the same.")

    /// `--routes FILE` of a command that needs a route file (`check`, `generate`): no built-in default.
    static let requiredRoutesFlag = CommandFlag(name: routesFlag.name, valueName: routesFlag.valueName, help: routesFlag.help,
                                                environment: routesFlag.environment, defaultValue: "(none: name the file)")

    /// `--example NAME` as every command that reads a route file takes it: a bundled example app.
    static let exampleFlag = CommandFlag.serve("example", help: "A bundled example app instead of a route file: \(BuiltInRoutes.exampleNames.joined(separator: ", ")).")

    /// `--example NAME` of a command that needs a route file (`check`): no default.
    static let requiredExampleFlag = CommandFlag(name: exampleFlag.name, valueName: exampleFlag.valueName, help: exampleFlag.help,
                                                 environment: exampleFlag.environment, defaultValue: "(none)")

    /// The help of every command, in the order `scenelink --help` lists them.
    static let helps: [CommandHelp] = [
        CommandHelp(
            command: "serve", usage: ["serve [ROUTEFILE | --example NAME] [flags]"],
            summary: """
                Run the HTTP service until SIGTERM or SIGINT (then drain and exit 0); SIGHUP reloads the
                route file. Every flag is also read from its environment variable; flags win. Exit 1 when
                it cannot start (a port taken, a store it cannot open), 2 for a usage or configuration
                error, a route file with problems included.
                """,
            flags: ServiceConfiguration.options.map { CommandFlag($0) },
            example: "scenelink serve --example recipes --port 8081 --db ./recipes.sqlite"),
        CommandHelp(
            command: "resolve", usage: ["resolve LINK [ROUTEFILE] [--format FORMAT]"],
            summary: """
                Resolve a link with the route file, offline, and print what GET /v1/resolve answers.
                Exit 1 when the link matches no route or the route file has problems, 2 for a usage error.
                """,
            flags: [routesFlag, exampleFlag,
                    CommandFlag(name: "format", valueName: "FORMAT",
                                help: "document, navigationPath, array or elements (docs/navigation-path-format.md).",
                                defaultValue: "document")],
            example: "scenelink resolve fuelmoney://settings/account --format navigationPath"),
        CommandHelp(
            command: "check", usage: ["check ROUTEFILE"],
            summary: """
                Validate a route file: print "ok: N routes", or every problem with its JSON location (and
                line and column) and exit 1. Warnings (an association file near 128 KB) go to standard error.
                Exit 2 for a usage error.
                """,
            flags: [requiredRoutesFlag, requiredExampleFlag],
            example: "scenelink check --example kitchen-sink"),
        CommandHelp(
            command: "routes", usage: ["routes [ROUTEFILE]"],
            summary: "List the routes of a route file as a table: name, path, query and the stack each opens. Exit 1 when the route file has problems.",
            flags: [routesFlag, exampleFlag],
            example: "scenelink routes --example recipes"),
        CommandHelp(
            command: "association", usage: ["association apple|android [ROUTEFILE]"],
            summary: """
                Print the association file the server serves at /.well-known/apple-app-site-association
                (apple) or /.well-known/assetlinks.json (android), for teams that host them on a CDN.
                Exit 1 when the route file names no app for that platform.
                """,
            flags: [routesFlag, exampleFlag],
            example: "scenelink association apple --example fuelmoney > apple-app-site-association"),
        CommandHelp(
            command: "generate",
            usage: ["generate swift ROUTEFILE --module NAME [--access public|internal] [--output FILE]",
                    "generate swift-tests ROUTEFILE --module NAME [--output FILE]"],
            summary: """
                Write the app's Swift navigation types with typed link builders (swift), or a Swift Testing
                file that fails when the app's own types drift from the route file (swift-tests); see
                docs/swift-types.md. Exit 1 when the route file cannot become Swift, 2 for a usage error.
                """,
            flags: [requiredRoutesFlag, requiredExampleFlag,
                    CommandFlag(name: "module", valueName: "NAME", help: "The module whose types to write (required)."),
                    CommandFlag(name: "access", valueName: "public|internal",
                                help: "The access of what swift writes.",
                                defaultValue: "(public when another module of the file names these types, else internal)"),
                    CommandFlag(name: "output", valueName: "FILE", help: "Write there (unchanged output keeps its timestamp); -o too.",
                                defaultValue: "(standard output)")],
            example: "scenelink generate swift examples/fuelmoney.json --module FuelMoney --output FuelMoneyRoutes.swift"),
        CommandHelp(
            command: "qr",
            usage: ["qr TEXT [--ecc L|M|Q|H] [--margin N] [--mode byte|alphanumeric|numeric]",
                    "qr --batch FILE --output DIR [--ecc L|M|Q|H] [--margin N] [--mode MODE]"],
            summary: """
                Print the QR code of TEXT as SVG, offline. With --batch, encode each line of FILE into
                DIR/N.svg (N from 0) and print "N VERSION MODE" for each. Exit 1 when a text is too long
                for a QR code, 2 for a usage error.
                """,
            flags: [CommandFlag(name: "ecc", valueName: "L|M|Q|H", help: "Error correction: 7, 15, 25 or 30 % of the code may be lost.",
                                defaultValue: QRErrorCorrectionLevel.standard.rawValue),
                    CommandFlag(name: "margin", valueName: "N", help: "Quiet zone around the code, in modules (0 to 64).",
                                defaultValue: String(QRCode.standardQuietZone)),
                    CommandFlag(name: "mode", valueName: "MODE", help: "byte, alphanumeric or numeric.",
                                defaultValue: "(the smallest mode that holds TEXT)"),
                    CommandFlag(name: "batch", valueName: "FILE", help: "Encode each line of FILE (needs --output, no TEXT)."),
                    CommandFlag(name: "output", valueName: "DIR", help: "Where --batch writes N.svg (created when missing).")],
            example: "scenelink qr https://fuelmoney.example.com/settings/account --ecc Q > account.svg"),
        CommandHelp(
            command: "healthcheck", usage: ["healthcheck [--host HOST] [--port PORT]"],
            summary: """
                Exit 0 when the server on this machine answers GET /healthz, 1 when it does not (for
                container health checks; the image has no curl). It reads the address as serve does,
                from --host and --port or SCENELINK_HOST and SCENELINK_PORT (0.0.0.0 and :: mean the
                loopback), so it runs in the server's own environment; serve's other flags are accepted
                and ignored.
                """,
            flags: [CommandFlag.serve("host", help: "The server's address."), CommandFlag.serve("port", help: "The server's port.")],
            example: "scenelink healthcheck --port 8080"),
        CommandHelp(
            command: "store copy", usage: ["store copy --from STORE --to STORE [--resume]"],
            summary: """
                Move a store from SQLite to PostgreSQL, back, or from one SQLite file to another. STORE is
                a SceneLink SQLite file or a postgres://USER@HOST:PORT/DB URL. Copies sessions, scenes,
                values (with their revisions and expiry), short links (with their clicks), claims, webhook
                endpoints (with their secrets) and webhook deliveries (pending ones stay due), then checks
                both sides by counts and digests. A target that already holds rows is refused unless
                --resume continues a copy that stopped. A SQLite target is created when missing. Exit 1
                when the copy fails or differs, 2 for a usage error.
                """,
            flags: [CommandFlag(name: "from", valueName: "STORE", help: "The store to read."),
                    CommandFlag(name: "to", valueName: "STORE", help: "The store to write."),
                    CommandFlag(name: "resume", valueName: nil, help: "Continue a copy that stopped: rows already there are kept.")],
            example: "scenelink store copy --from ./scenelink.sqlite --to postgres://scenelink@db:5432/scenelink"),
        CommandHelp(
            command: "backup", usage: ["backup [--db PATH] DEST"],
            summary: """
                Copy the SQLite store into DEST, a new file, with SQLite's backup API: consistent and safe
                while the server runs. Exit 1 when DEST exists or the copy fails, 2 for a usage error.
                """,
            flags: [CommandFlag.serve("db", help: "The SQLite database to copy (serve's --db).")],
            example: "scenelink backup --db ./scenelink.sqlite ./scenelink-backup.sqlite"),
        CommandHelp(
            command: "keys", usage: ["keys create --name NAME --scopes SCOPE[,SCOPE...] [--db PATH | --store URL]",
                                     "keys list [--db PATH | --store URL]", "keys revoke ID [--db PATH | --store URL]"],
            summary: """
                Manage named API keys, so a tool need not hold the admin token. create prints the key once
                on standard output (the store keeps only its hash); list shows every key with its scopes and
                when it was revoked; revoke stops one (running servers refuse it within 5 s). Scopes:
                links:read, links:write (implies links:read), analytics:read, webhooks:admin, audit:read,
                console. Exit 1 when the store cannot be opened, the name is taken or the id is unknown, 2
                for a usage error (an unknown scope is named with the valid ones).
                """,
            flags: [CommandFlag(name: "name", valueName: "NAME", help: "The new key's name: 1 to 64 letters, digits, spaces, '.', '_', '-'."),
                    CommandFlag(name: "scopes", valueName: "LIST", help: "The new key's scopes, comma-separated."),
                    CommandFlag.serve("db", help: "The SQLite database the server uses (serve's --db)."),
                    CommandFlag.serve("store", help: "The PostgreSQL store the servers use (serve's --store).")],
            example: "scenelink keys create --name marketing --scopes links:write,analytics:read --db ./scenelink.sqlite"),
        CommandHelp(
            command: "links check",
            usage: ["links check CANDIDATE [--routes TODAY | --example NAME] [--db PATH | --store URL] [--links FILE] [--since 30d] [--json]"],
            summary: """
                Before releasing the app with a new route file, replay every stored short link (imported ones
                too), a sample link of every route of today's file (each parameter a value of its type) and
                every link of --links FILE against
                today's route file and CANDIDATE. Each link is same (route and stack), moved (another route
                or stack: both shown), broken (no route in the candidate: the closest named) or stale (no
                route today either), with its human visits over --since. Safe beside a running server.
                Exit 0 when no live link (every link but an expired short link) breaks or moves, 1 when one
                does or the store cannot be read, 2 for a usage error or a file that does not load.
                """,
            flags: [routesFlag, exampleFlag,
                    CommandFlag.serve("db", help: "The SQLite database the server uses (serve's --db); without it or --store, serve's default file if it exists."),
                    CommandFlag.serve("store", help: "The PostgreSQL store the servers use (serve's --store)."),
                    CommandFlag(name: "links", valueName: "FILE", help: "Links that live outside the store (push templates, emails): one a line; '#' starts a comment."),
                    CommandFlag(name: "since", valueName: "DAYS", help: "How far back visits count, in whole days.", defaultValue: linksCheckDefaultPeriod),
                    CommandFlag(name: "json", valueName: nil, help: "One JSON document for CI instead of the text (docs/releasing-the-app.md).")],
            example: "scenelink links check next/routes.json --routes routes.json --db ./scenelink-backup.sqlite"),
        CommandHelp(
            command: "import",
            usage: ["import \(LinkImportFormat.names) FILE [--db PATH | --store URL] [--routes FILE | --example NAME] [--host HOST] [--prefix PATH] [--link-domains LIST] [--dry-run] [--atomic] [--report FILE.json]"],
            summary: """
                Import the short links of an export: SceneLink's own CSV (or its export), a Firebase Dynamic
                Links export (one file per domain), Bitly's, Shlink's or YOURLS'. Each row keeps its code (the
                short link's path after --prefix), its target is resolved through the route file (a screen, or
                a web page on a --link-domains site), and its card, fallbacks and campaign come along. A code
                already there with the same target is unchanged, with another a conflict (never overwritten);
                archived rows are skipped; running it again makes nothing twice. Safe beside a running server.
                Prints a count per status and every row not made; --report writes every row as JSON.
                Exit 0 when no row is refused, 1 when one is (or the store fails), 2 for a usage error or a
                file that cannot be read.
                """,
            flags: [routesFlag, exampleFlag,
                    CommandFlag.serve("db", help: "The SQLite database the server uses (serve's --db)."),
                    CommandFlag.serve("store", help: "The PostgreSQL store the servers use (serve's --store)."),
                    CommandFlag(name: "host", valueName: "HOST", help: "The export's domain: a row whose short link is on another host is refused."),
                    CommandFlag(name: "prefix", valueName: "PATH", help: "The path before each code in the export's short links (/promo/ for https://HOST/promo/Ab3x).",
                                defaultValue: ShortLinkImportOptions.standardPrefix),
                    CommandFlag.serve("link-domains"),
                    CommandFlag(name: "dry-run", valueName: nil, help: "Check every row and report what would happen; write nothing."),
                    CommandFlag(name: "atomic", valueName: nil, help: "All or nothing: write no row unless none is refused."),
                    CommandFlag(name: "report", valueName: "FILE", help: "Write the report, every row with its status, as JSON.")],
            example: "scenelink import firebase links.example.com.csv --host links.example.com --dry-run --report report.json"),
        CommandHelp(
            command: "token", usage: ["token"],
            summary: """
                Print a new secret for --admin-token or --admin-token-next: 32 random bytes from the system's
                CSPRNG in base64url without padding (43 characters, about 256 bits). serve refuses a token
                with fewer than 128 bits of estimated entropy (docs/security.md). Exit 2 for a usage error.
                """,
            flags: [],
            example: "scenelink serve --admin-token \"$(scenelink token)\""),
        CommandHelp(
            command: "endpoints", usage: ["endpoints [--json] [serve flags]"],
            summary: """
                Print every route the server declares: method, pattern, port (public, admin or both),
                caller (anyone, session, admin-token, with the API-key scope that also passes), rate limit (a class per address or per session, or
                none with the reason) and body limit. Serve's flags and environment variables that change
                limits (--max-value-bytes, ...) are applied; nothing is opened or listened on.
                """,
            flags: [CommandFlag(name: "json", valueName: nil, help: "One JSON array for tools instead of the table.")],
            example: "scenelink endpoints --json | jq -r '.[] | select(.caller == \"admin-token\") | .pattern'"),
        CommandHelp(
            command: "install", usage: ["install [--prefix DIR]"],
            summary: """
                Copy this scenelink binary to DIR/bin/scenelink, so a bare 'scenelink' runs it. Exit 1 when
                DIR/bin cannot be written (use sudo, or a --prefix of your own such as ~/.local).
                """,
            flags: [CommandFlag(name: "prefix", valueName: "DIR", help: "Install into DIR/bin.", defaultValue: installPrefix)],
            example: "sudo .build/release/scenelink install   # or: .build/release/scenelink install --prefix ~/.local"),
        CommandHelp(
            command: "version", usage: ["version", "--version"],
            summary: "Print the version of this binary.",
            flags: [],
            example: "scenelink --version"),
        CommandHelp(
            command: "help", usage: ["help [COMMAND]"],
            summary: "Print the commands, or one command's usage, options and an example (as COMMAND --help does).",
            flags: [],
            example: "scenelink help resolve"),
    ]

    /// The help of `command` (`store` finds `store copy`).
    static func help(for command: String) -> CommandHelp? {
        helps.first { $0.command == command || $0.command.hasPrefix(command + " ") }
    }

    /// The command a misspelled one was meant to be, for "did you mean".
    static func nearestCommand(to command: String) -> String? {
        NearestName.closest(to: command, in: helps.map { String($0.command.prefix { $0 != " " }) })
    }
}
