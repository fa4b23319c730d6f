import Foundation
import SceneLinkConsole
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkPostgres

/// Everything `scenelink serve` can be told: each layer's own `Configuration`, whose
/// defaults are the ones a production user would pick, and the few settings of the service.
///
/// Every field is set by a flag and by an environment variable (`ServiceConfiguration.options`
/// lists them); flags win over the environment, and the environment over defaults.
public struct ServiceConfiguration: Sendable, Equatable {
    /// Address, port, size limits, timeouts and connection limits of the HTTP server.
    public var http = HTTPServerConfiguration(serverName: "SceneLink/\(SceneLinkVersion.current)")
    /// Session lifetime and what one session may store.
    public var sceneState = SceneStateEndpoints.Configuration()
    /// The admin token of every admin-token route (short links, webhooks); none turns them off.
    public var shortLinks = ShortLinkEndpoints.Configuration()
    /// Webhook targets, retries and timeouts.
    public var webhooks = WebhookConfiguration()
    /// Claims' lifetimes (deferred deep links).
    public var claims = ClaimEndpoints.Configuration()
    /// The route file; nil serves `routesExample`.
    public var routesPath: String?
    /// The bundled example app served when no route file is named (`--example NAME`, one of
    /// `BuiltInRoutes.exampleNames`).
    public var routesExample = BuiltInRoutes.defaultExample
    /// Whether a SIGHUP reload may take a route file that breaks or moves short links visited
    /// within `reloadBreakingWindow` (`--reload-breaking allow`); false refuses it and keeps the
    /// old table.
    public var reloadMayBreakLinks = false
    /// The days of visits that make a short link live for a reload's check.
    public static let reloadBreakingWindowDays: Int64 = 30
    /// The SQLite database file; `:memory:` keeps everything in memory (tests).
    public var databasePath = "./scenelink.sqlite"
    /// A PostgreSQL URL (`postgres://USER@HOST:PORT/DB`): when set, scene state lives there
    /// instead of in `databasePath`, and several instances may share it.
    public var storeURL: String?
    /// The PostgreSQL store's pool and timeouts (used only with `storeURL`).
    public var postgres = PostgresSceneStateStore.Configuration()
    /// How often expired sessions and claims, short links past their retention, Idempotency-Key records and old webhook deliveries are swept. The application runs the sweep (not the
    /// store's own timer) so that every sweep is logged.
    public var sweepInterval: Duration = .seconds(60)
    /// How long `auth.refused` audit entries are kept (`--refused-auth-retention`); every other
    /// entry is kept `AuditEntry.retention` (400 days).
    public var refusedAuthRetention: Duration = .seconds(30 * 86_400)
    /// Where `/metrics` and every admin-token route are served instead of the public port
    /// (which then answers them 404); nil serves everything on the public port.
    public var adminListen: ListenAddress?
    /// The names an admin-port route answers besides the admin routes' listen address and the
    /// route file's hosts (`AdminHostCheck`, against DNS rebinding); any other Host is 421.
    public var adminHosts = ["localhost", "127.0.0.1", "::1"]
    /// Click analytics: on, how often counts are written, how long they are kept, the country header.
    public var analytics = AnalyticsRecorder.Configuration()
    /// The operator console at `/console/`: on, its sessions' idle and absolute lifetimes, plain HTTP.
    public var console = ConsoleEndpoints.Configuration()
    /// Requests each client may make per class (`RateLimits`); on by default.
    public var rateLimits = RateLimits()
    /// One JSON line per request on stdout.
    public var accessLog = true
    /// No start-up block on standard error (what it listens on, the store, the routes, what is on).
    public var quiet = false
    public var logLevel: LogLevel = .info

    public init() {}
}

extension ServiceConfiguration {
    /// Every `serve` flag, in the order `--help` lists them.
    static let options: [Option] = [
        .text("host", \.http.host, valueName: "HOST", help: "Address to listen on (0.0.0.0 or :: for all interfaces)."),
        .integer("port", \.http.port, in: 0...65535, valueName: "PORT", help: "TCP port; 0 picks a free one."),
        Option(name: "admin-listen", valueName: "HOST:PORT",
               help: "A private port for /metrics, the console (/console/) and every admin route: /v1/short-links, /v1/webhooks, /v1/analytics, /v1/keys, /v1/audit (the public port then answers them 404); /healthz and /readyz on both.",
               apply: { config, value throws(ConfigurationError) in
                   config.adminListen = try ListenAddress(parsing: value, flag: "admin-listen")
               }, show: { $0.adminListen?.description ?? "(none: everything on --port)" }),
        Option(name: "admin-hosts", valueName: "HOST[,HOST...]",
               help: "Host names the admin routes answer (against DNS rebinding), besides the address they listen on and the route file's hosts; any other Host is 421.",
               apply: { config, value throws(ConfigurationError) in
                   config.adminHosts = try AdminHostCheck.parse(value, flag: "admin-hosts")
               }, show: { $0.adminHosts.joined(separator: ",") }),
        Option(name: "trusted-proxies", valueName: "CIDR[,CIDR...]",
               help: "Proxies whose X-Forwarded-For / Forwarded (and X-Forwarded-Proto/-Host) are believed; the client is the rightmost untrusted address.",
               apply: { config, value throws(ConfigurationError) in
                   do {
                       config.http.trustedProxies = try HTTPTrustedProxies(parsing: value)
                   } catch {
                       throw ConfigurationError("--trusted-proxies: \(error)")
                   }
               }, show: { proxies in
                   proxies.http.trustedProxies.ranges.isEmpty ? "(none: the peer is the client)"
                       : proxies.http.trustedProxies.ranges.map(\.description).joined(separator: ",")
               }),
        Option(name: "link-domains", valueName: "HOST[,*.DOMAIN...]",
               help: "Web sites a short link may send visitors to besides the app's screens (a 302 redirect, checked when the link is saved and when it is followed): hosts named exactly, or *.DOMAIN for every host under DOMAIN.",
               apply: { config, value throws(ConfigurationError) in
                   do {
                       config.shortLinks.linkDomains = try LinkDomains(parsing: value)
                   } catch {
                       throw ConfigurationError("--link-domains: \(error)")
                   }
               }, show: { $0.shortLinks.linkDomains.isEmpty ? "(none: links point at the app's screens only)" : $0.shortLinks.linkDomains.description }),
        Option(name: "short-link-prefix", valueName: "/|/NAME/",
               help: "Where short links live on the app's hosts: /NAME/CODE, or / for codes at the root (as Firebase Dynamic Links' custom domains had them; a code is never made where a route is, and a route file hiding a stored code is refused).",
               apply: { config, value throws(ConfigurationError) in
                   do {
                       config.shortLinks.path = try ShortLinkPath(parsing: value)
                   } catch {
                       throw ConfigurationError("--short-link-prefix: \(error)")
                   }
               }, show: { $0.shortLinks.path.prefix }),
        Option(name: "routes", valueName: "FILE", help: "Route file (JSON); SIGHUP reloads it.",
               apply: { config, value throws(ConfigurationError) in
                   config.routesPath = try ValueParser.nonEmpty(value, flag: "routes")
               }, show: { $0.routesPath ?? "(the built-in example named by --example)" }),
        Option(name: "reload-breaking", valueName: "refuse|allow",
               help: "What SIGHUP does with a route file that would break or move short links visited in the last \(reloadBreakingWindowDays) days: refuse it (logged with the count and the first links; the old table stays) or allow it.",
               apply: { config, value throws(ConfigurationError) in
                   switch value {
                   case "refuse": config.reloadMayBreakLinks = false
                   case "allow": config.reloadMayBreakLinks = true
                   default: throw ConfigurationError("--reload-breaking takes refuse or allow, not '\(value)'.")
                   }
               }, show: { $0.reloadMayBreakLinks ? "allow" : "refuse" }),
        Option(name: "example", valueName: "NAME",
               help: "A bundled example app to serve when no route file is named: \(BuiltInRoutes.exampleNames.joined(separator: ", ")).",
               apply: { config, value throws(ConfigurationError) in
                   config.routesExample = try RouteTableLoader.exampleName(value)
               }, show: { $0.routesExample }),
        .text("db", \.databasePath, valueName: "PATH", help: "SQLite database file; :memory: for a throwaway store."),
        Option(name: "store", valueName: "URL",
               help: "PostgreSQL for scene state, shared by several instances: postgres://USER@HOST:PORT/DB (libpq's PG* variables and sslmode apply).",
               apply: { config, value throws(ConfigurationError) in
                   // The value may hold a password: the message never repeats it.
                   guard PostgresSceneStateStore.isPostgresURL(value) else {
                       throw ConfigurationError("--store takes a PostgreSQL URL such as postgres://USER@HOST:PORT/DB; "
                                                + "leave it out to keep scene state in SQLite (--db).")
                   }
                   config.storeURL = value
               }, show: { $0.storeURL.map(PostgresSceneStateStore.redactedAddress) ?? "(SQLite at --db)" }),
        .integer("store-connections", \.postgres.connectionCount, in: 1...1_000,
                 help: "PostgreSQL connections in the pool, each on its own thread."),
        .integer("store-write-transactions", \.postgres.maximumWriteBatchesInFlight, in: 1...1_000,
                 help: "PostgreSQL write transactions at once; writes arriving meanwhile share the next commit."),
        .duration("store-statement-timeout", \.postgres.statementTimeout,
                  help: "A PostgreSQL statement running longer fails with 503."),
        .duration("store-acquire-timeout", \.postgres.acquireTimeout,
                  help: "A statement waiting longer for a free PostgreSQL connection fails with 503."),
        .integer("store-max-queued", \.postgres.maximumQueuedCalls, in: 1...1_000_000,
                 help: "Statements that may wait for a PostgreSQL connection; one more fails with 503 at once."),
        .duration("session-ttl", \.sceneState.sessionTimeToLive, help: "Idle time after which a session expires."),
        .integer("max-value-bytes", \.sceneState.limits.maximumValueBytes, in: 1...(16 << 20),
                 help: "Largest stored value (413 beyond)."),
        .integer("max-keys-per-scene", \.sceneState.limits.maximumKeysPerScene, in: 1...100_000,
                 help: "Values one scene may hold (409 beyond)."),
        .integer("max-scenes-per-session", \.sceneState.limits.maximumScenesPerSession, in: 1...100_000,
                 help: "Scenes one session may hold (409 beyond)."),
        .integer("max-session-bytes", \.sceneState.limits.maximumSessionBytes, in: 1...(1 << 40),
                 help: "Bytes of values one session may hold, all scenes together (409 beyond)."),
        .duration("sweep-interval", \.sweepInterval, help: "How often the sweep runs: expired sessions, claims and console sessions, short links past their 30-day retention, Idempotency-Key records past 24 h, audit entries past 400 days (refused sign-ins and tokens past --refused-auth-retention) and webhook deliveries past --webhook-retention are deleted, analytics rows past their retention compacted, and refused-auth counts written."),
        .duration("claim-ttl", \.claims.lifetime,
                  help: "How long a claim a phone's link page hands out can be redeemed (Play referrer, claim URL)."),
        .duration("claim-code-ttl", \.claims.codeLifetime, atMost: ClaimEndpoints.Configuration.maximumCodeLifetime,
                  help: "How long a claim's short code (ABCD-EFGH) can be typed into the app (at most 7d)."),
        Option(name: "admin-token", valueName: "TOKEN",
               help: "Bearer token of the admin routes (/v1/short-links, /v1/webhooks, /v1/analytics, /v1/keys, /v1/audit) and the console's sign-in, the root key that may do everything (at least 128 bits of estimated entropy: make one with scenelink token); unset, those routes answer 403 and the console is closed.",
               apply: { config, value throws(ConfigurationError) in
                   config.shortLinks.adminToken = try ShortLinkEndpoints.Configuration.adminToken(value, flag: "admin-token")
               }, show: { $0.shortLinks.adminToken == nil ? "(none: admin routes off)" : "(set)" }),
        Option(name: "rate-limit", valueName: "CLASS=COUNT/PERIOD[,...]|off",
               help: "Token buckets per client: sessions, links, resolve, claims, claim-pages, qr, admin-auth (wrong admin tokens), console-sign-in per address (IPv6 by /64), state per session; 429 beyond.",
               apply: { config, value throws(ConfigurationError) in
                   config.rateLimits.policies = try RateLimits.parse(value).policies
               }, show: { $0.rateLimits.description }, environmentName: "SCENELINK_RATE_LIMITS"),
        Option(name: "instance-limit", valueName: "CLASS=COUNT/PERIOD[,...]|off",
               help: "Ceilings for a class's requests from all clients together, per instance; claim-pages past it are served without a claim.",
               apply: { config, value throws(ConfigurationError) in
                   config.rateLimits.instancePolicies = try RateLimits.parseInstance(value)
               }, show: { $0.rateLimits.instanceDescription }, environmentName: "SCENELINK_INSTANCE_LIMITS"),
        .integer("rate-limit-clients", \.rateLimits.maximumClients, in: 1...10_000_000,
                 help: "Clients each rate-limit class remembers (about 50 bytes each); the least recently seen is forgotten."),
        Option(name: "admin-token-next", valueName: "TOKEN",
               help: "A second admin token accepted during a rotation (as strong as --admin-token); then make it --admin-token and drop this.",
               apply: { config, value throws(ConfigurationError) in
                   config.shortLinks.nextAdminToken = try ShortLinkEndpoints.Configuration.adminToken(value, flag: "admin-token-next")
               }, show: { $0.shortLinks.nextAdminToken == nil ? "(none)" : "(set)" }),
        Option(name: "webhook-allow-private", valueName: "on|off",
               help: "Allow webhook targets over http and on loopback, private, link-local or multicast addresses (tests, internal receivers).",
               apply: { config, value throws(ConfigurationError) in
                   config.webhooks.allowPrivate = try ValueParser.switchValue(value, flag: "webhook-allow-private")
               }, show: { $0.webhooks.allowPrivate ? "on" : "off" }),
        Option(name: "webhook-retry-schedule", valueName: "DURATIONS",
               help: "Delay before each webhook attempt, comma-separated; the count is the number of attempts.",
               apply: { config, value throws(ConfigurationError) in
                   config.webhooks.retrySchedule = try WebhookRetrySchedule.parse(value, flag: "webhook-retry-schedule")
               }, show: { $0.webhooks.retrySchedule.text }),
        .duration("webhook-timeout", \.webhooks.timeout, help: "Time one webhook attempt may take, connecting included."),
        .duration("refused-auth-retention", \.refusedAuthRetention,
                  help: "How long the audit log keeps auth.refused entries (failed sign-ins, wrong or revoked tokens, missing scopes, CSRF refusals); the sweep deletes older ones. Other entries are kept 400 days."),
        .duration("webhook-retention", \.webhooks.retention,
                  help: "How long delivered and failed webhook deliveries are kept after their last attempt; the sweep deletes older ones (pending ones never)."),
        .integer("webhook-outbox-limit", \.webhooks.outboxLimit, in: 1...10_000_000,
                 help: "Deliveries one webhook endpoint keeps in the outbox, pending and finished together: past it, its oldest delivered and failed ones are deleted, then its newest pending ones dropped and counted (the endpoint's droppedEvents)."),
        .integer("webhook-max-in-flight-per-endpoint", \.webhooks.maximumInFlightPerEndpoint, in: 1...10_000,
                 help: "Webhook attempts in flight to one endpoint at once, per instance (the rest wait in the outbox)."),
        .integer("max-connections", \.http.maxConnections, in: 1...1_000_000,
                 help: "Open connections at most; more are refused with 503."),
        .integer("max-requests-per-connection", \.http.maxRequestsPerConnection, in: 1...Int(Int32.max),
                 help: "Requests on one keep-alive connection before it is closed."),
        .integer("max-request-line-bytes", \.http.limits.maxRequestLineBytes, in: 64...(1 << 20),
                 help: "Longest request line (414 beyond)."),
        .integer("max-header-bytes", \.http.limits.maxHeaderBytes, in: 256...(1 << 20),
                 help: "Largest header block (431 beyond)."),
        .integer("max-body-bytes", \.http.limits.maxBodyBytes, in: 0...(64 << 20),
                 help: "Largest request body (413 beyond)."),
        .duration("header-timeout", \.http.headerReadTimeout,
                  help: "Time to receive a request's headers (slow clients are cut off)."),
        .duration("body-timeout", \.http.bodyReadTimeout, help: "Time to receive a request's body."),
        .duration("idle-timeout", \.http.keepAliveIdleTimeout, help: "Time an idle keep-alive connection stays open."),
        .duration("write-timeout", \.http.writeTimeout,
                  help: "Time a response may wait for a client that does not read, once the socket's send buffer is full."),
        .duration("handler-timeout", \.http.handlerTimeout,
                  help: "Time a request may wait for its answer (503 and close beyond)."),
        .duration("drain-timeout", \.http.drainTimeout, help: "On SIGTERM/SIGINT, time in-flight requests get to finish."),
        .integer("io-queues", \.http.ioQueueCount, in: 0...256,
                 help: "Serial I/O queues connections are spread over; 0 means one per core."),
        Option(name: "analytics", valueName: "on|off",
               help: "Click analytics: visits of short links and link pages counted as aggregates only (no address, User-Agent or row per visit kept).",
               apply: { config, value throws(ConfigurationError) in
                   config.analytics.isOn = try ValueParser.switchValue(value, flag: "analytics")
               }, show: { $0.analytics.isOn ? "on" : "off" }),
        .duration("analytics-flush", \.analytics.flushInterval, atMost: .seconds(3600),
                  help: "How often counted visits are written, in one transaction; a kill -9 loses at most this much (SIGTERM loses nothing)."),
        .duration("analytics-detail-retention", \.analytics.detailRetention,
                  help: "How long hourly breakdowns are kept before they are folded into UTC days."),
        .duration("analytics-retention", \.analytics.retention,
                  help: "How long 15-minute counts, daily breakdowns and daily visitors are kept."),
        Option(name: "country-header", valueName: "NAME",
               help: "A header a trusted proxy (--trusted-proxies) sets to the visitor's country, such as CF-IPCountry; read from no one else.",
               apply: { config, value throws(ConfigurationError) in
                   let name = try ValueParser.nonEmpty(value, flag: "country-header")
                   guard name.utf8.count <= 64, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) else {
                       throw ConfigurationError("--country-header takes a header name such as CF-IPCountry, not '\(value.prefix(64))'.")
                   }
                   config.analytics.countryHeader = name
               }, show: { $0.analytics.countryHeader ?? "(none: every country is unknown)" }),
        Option(name: "console", valueName: "on|off",
               help: "The operator console at /console/ (the admin port when there is one), for the admin token or a key with the console scope.",
               apply: { config, value throws(ConfigurationError) in
                   config.console.isOn = try ValueParser.switchValue(value, flag: "console")
               }, show: { $0.console.isOn ? "on" : "off" }),
        .duration("console-idle", \.console.idleTimeout, atMost: .seconds(24 * 3600),
                  help: "A console session unused this long ends (sessions live in memory: a restart signs everyone out)."),
        .duration("console-lifetime", \.console.lifetime, atMost: .seconds(7 * 24 * 3600),
                  help: "A console session ends this long after sign-in, used or not."),
        Option(name: "console-insecure-http", valueName: "on|off",
               help: "Allow console sign-in over plain HTTP from addresses other than loopback (the token and cookie then cross the network in clear).",
               apply: { config, value throws(ConfigurationError) in
                   config.console.allowsInsecureHTTP = try ValueParser.switchValue(value, flag: "console-insecure-http")
               }, show: { $0.console.allowsInsecureHTTP ? "on" : "off" }),
        Option(name: "access-log", valueName: "on|off", help: "One JSON line per request on stdout.",
               apply: { config, value throws(ConfigurationError) in
                   config.accessLog = try ValueParser.switchValue(value, flag: "access-log")
               }, show: { $0.accessLog ? "on" : "off" }),
        .onOff("quiet", \.quiet, help: "No start-up block on standard error (the URLs, the store, the route file, what is on)."),
        Option(name: "log-level", valueName: "LEVEL", help: "Least important event logged: debug, info, warning or error.",
               apply: { config, value throws(ConfigurationError) in
                   guard let level = LogLevel(rawValue: value.lowercased()) else {
                       throw ConfigurationError("--log-level takes debug, info, warning or error, not '\(value)'.")
                   }
                   config.logLevel = level
               }, show: { $0.logLevel.rawValue }),
    ]

    /// Builds a configuration from the environment, then `arguments` (flags after `serve`).
    ///
    /// Flags take `--name VALUE` or `--name=VALUE`; one argument that is not a flag is the route
    /// file, as `--routes` (`scenelink serve examples/recipes.json`).
    /// - Parameters:
    ///   - command: how messages name the command (`serve`, `healthcheck`).
    ///   - switches: the names of the command's own switches besides serve's flags (`json` of `endpoints --json`):
    ///     accepted, left to the caller, and suggested for a misspelling.
    /// - Throws: `ConfigurationError` naming the first flag or variable that is wrong, and the
    ///   nearest flag to an unknown one.
    public static func parse(arguments: [String], environment: [String: String],
                             command: String = "serve", switches: [String] = []) throws(ConfigurationError) -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        for option in options {
            if let value = environment[option.environment] {
                do {
                    try option.apply(&configuration, value)
                } catch {
                    throw ConfigurationError("\(option.environment): \(error.message)")
                }
            }
        }
        let flags = options.map { CommandFlag($0) } + switches.map { CommandFlag(name: $0, valueName: nil, help: "") }
        let parsed = try CommandArguments(parsing: arguments, flags: flags, command: command)
        for option in options {
            if let value = parsed[option.name] { try option.apply(&configuration, value) }
            if option.valueName == nil, parsed.has(option.name) { try option.apply(&configuration, "on") }
        }
        if parsed["example"] != nil, parsed["routes"] != nil || !parsed.positionals.isEmpty {
            throw ConfigurationError("Name a route file or --example NAME, not both.")
        }
        // An example asked for on the command line wins over SCENELINK_ROUTES.
        if parsed["example"] != nil { configuration.routesPath = nil }
        if let routeFile = parsed.positionals.first {
            guard parsed.positionals.count == 1 else {
                throw ConfigurationError("Unexpected argument '\(parsed.positionals[1])'; \(command) takes one ROUTEFILE; "
                                         + "run 'scenelink \(command) --help' for the flags.")
            }
            guard parsed["routes"] == nil else {
                throw ConfigurationError("Name the route file once, as ROUTEFILE or as --routes FILE, not both.")
            }
            configuration.routesPath = try ValueParser.nonEmpty(routeFile, flag: "routes")
        }
        return configuration
    }

    /// The `serve --help` text: every flag with its environment variable and default, and an example.
    public static var helpText: String { CommandLineTool.help(for: "serve")?.text ?? "" }
}
