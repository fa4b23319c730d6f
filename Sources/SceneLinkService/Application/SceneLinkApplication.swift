import Dispatch
import Foundation
import SceneLinkConsole
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkPostgres
import SceneLinkSQLite
import Synchronization

/// The running service: route table, store, HTTP server, logs and metrics, wired together.
///
/// ```swift
/// let app = try SceneLinkApplication(configuration: configuration, logger: logger)
/// let port = try app.start()
/// app.waitUntilStopped()   // SIGTERM / SIGINT drain and stop; SIGHUP reloads the route file
/// ```
public final class SceneLinkApplication: Sendable {
    public let configuration: ServiceConfiguration
    public let logger: Logger
    public let metrics: Metrics
    let server: HTTPServer
    /// The private admin port's server (`--admin-listen`), nil when everything is public.
    let adminServer: HTTPServer?
    /// What the application keeps everything in: scene state and short links, in one place so
    /// that instances sharing a PostgreSQL database share both (nothing stays in a local file).
    /// The webhook outbox lives beside short links, written by the same transactions; claims and
    /// the Idempotency-Key records of creates too, and the API keys with the audit log.
    typealias Store = SceneStateStore & ShortLinkStore & WebhookStore & ClaimStore & IdempotencyStore & AnalyticsStore
        & APIKeyStore & AuditLog
    /// SQLite, or PostgreSQL when `configuration.storeURL` is set.
    let store: any Store
    /// Closes the store at shutdown; answers the failure's sentence, if any.
    private let closeStoreAndReport: @Sendable () -> String?
    /// Where scene state lives, for the startup log: a path or a URL without credentials.
    let storeDescription: String
    /// The route table in force; SIGHUP replaces it.
    public let routes: Current<RouteTable>
    /// The association files of `routes`, rebuilt with it.
    let associations: AssociationEndpoints
    /// How long each stage of start-up took, for the `startup` log line.
    let startupTimings: StartupTimings
    /// The link pages of `routes`, rebuilt with it.
    let linkPages: LinkPageEndpoints
    /// Every route as declared, with its policy (`scenelink endpoints` prints it).
    public let endpoints: EndpointTable
    /// Every endpoint without its guards; kept so tests can compare it with openapi.yaml.
    let router: HTTPRouter
    /// The rate limits' buckets and refusal counts.
    public let rateLimiter: RateLimiter
    /// Sends the webhook outbox's due deliveries (started by `start`, stopped before the store closes).
    let webhookWorker: WebhookDeliveryWorker
    /// Counts visits in memory and writes them every `--analytics-flush` (started by `start`,
    /// flushed and stopped before the store closes).
    public let analytics: AnalyticsRecorder
    /// The operator console (`/console/`); nil with `--console off`. Its sessions live in memory.
    let console: ConsoleEndpoints?
    /// The `auth.refused` audit entries' counter, flushed by the sweep.
    let refusals: RefusalAudit
    private let sources = Mutex<[DispatchSourceBox]>([])
    private let stopped = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)

    /// Loads the route table and opens the database; does not listen yet.
    /// - Parameter clock: "now" for session expiry; tests inject one they move by hand.
    /// - Throws: `StartupError` saying which file is wrong and why.
    public init(configuration: ServiceConfiguration, logger: Logger, clock: SceneStateClock = .system) throws(StartupError) {
        self.configuration = configuration
        self.logger = logger
        let metrics = Metrics()
        self.metrics = metrics
        let webhookMetrics = WebhookMetrics()

        var timings = StartupTimings()
        let table: RouteTable
        do {
            table = try timings.measure(.routeFile) { () throws(RouteTableLoader.LoadError) in
                try RouteTableLoader.load(path: configuration.routesPath, example: configuration.routesExample,
                                          shortLinkPath: configuration.shortLinks.path)
            }
        } catch {
            throw StartupError(error.description, isConfigurationError: true)
        }
        if let route = table.routeUnderShortLinkPrefix {
            throw StartupError("The route \(route) starts with \(configuration.shortLinks.path.prefix), where short links live, so it would hide them; "
                + "rename the route or pick another --short-link-prefix.", isConfigurationError: true)
        }
        let routes = Current(table)
        self.routes = routes

        let storeOpening = StartupTimings.now
        let store: any Store
        let closeStore: @Sendable () -> String?
        if let url = configuration.storeURL {
            let postgres: PostgresSceneStateStore
            do {
                postgres = try PostgresSceneStateStore(url: url, configuration: configuration.postgres) { message, sessions in
                    // Answered 503 (indeterminate); the operator should know standbys are not keeping up.
                    logger.log(.error, "commit-in-doubt", [("error", .string(message)),
                                                            ("sessions", .string(sessions.joined(separator: ",")))])
                }
            } catch {
                // PostgresError names the database by host, port and name only.
                throw StartupError("Cannot open the PostgreSQL store: \(error)")
            }
            store = postgres
            storeDescription = postgres.address
            closeStore = {
                postgres.close()
                return nil
            }
        } else {
            let sqlite: SQLiteSceneStateStore
            do {
                // Expiry is the application's sweep timer (startTimers), the store's batches.
                sqlite = try SQLiteSceneStateStore(path: configuration.databasePath)
            } catch {
                throw StartupError("Cannot open the database \(configuration.databasePath): \(error)")
            }
            store = sqlite
            storeDescription = configuration.databasePath
            closeStore = {
                do {
                    try sqlite.close()
                    return nil
                } catch {
                    return "\(error)"
                }
            }
        }
        self.store = store
        closeStoreAndReport = closeStore
        timings.record(.store, since: storeOpening)
        if table.shortLinkPath == .root {
            // A route of the file may not hide a code already stored at the root.
            let read = CommandLineTool.wait { StoredLinks.read(links: store, analytics: store, days: 0...0, completion: $0) }
            switch read {
            case .failure(let error):
                _ = closeStore()
                throw StartupError("Cannot check the stored short links against the routes: \(error.description)")
            case .success(let stored):
                let shadowed = stored.shadowed(by: table)
                guard shadowed.isEmpty else {
                    _ = closeStore()
                    throw StartupError(StoredLinks.shadowSentence(shadowed), isConfigurationError: true)
                }
            }
        }

        let rateLimiter = RateLimiter(limits: configuration.rateLimits)
        let claimMetrics = ClaimMetrics()
        self.rateLimiter = rateLimiter
        var endpoints = EndpointTable()
        let server = Reference<HTTPServer>()
        /// Every route's pattern, by the index requests are counted under (`recorder`).
        let patterns = Reference<[String]>()
        // However many probes arrive, at most one store check a second (StoreCheck).
        let storeCheck = StoreCheck(clock: clock) { done in
            store.checkWritable { result in
                if case .failure(let error) = result { return done("\(error)") }
                done(nil)
            }
        }
        let analytics = AnalyticsRecorder(store: store, configuration: configuration.analytics, logger: logger)
        OperationsEndpoints(
            readiness: { completion in
                storeCheck.outcome { problem in
                    completion(OperationsEndpoints.Readiness(routeCount: routes.value.routeCount, databaseProblem: problem))
                }
            },
            metrics: { completion in
                SceneLinkApplication.metricsPage(metrics: metrics, store: store, server: server.value,
                                                 routePatterns: patterns.value ?? [], rateLimiter: rateLimiter) { page in
                    store.webhookQueueStatistics { result in
                        let queue = try? result.get()
                        completion(page + webhookMetrics.exposition(queue: queue, now: Date()) + claimMetrics.exposition
                                   + analytics.exposition)
                    }
                }
            },
            openAPIDocument: OpenAPIDocument.yaml + "\n"
        ).register(on: &endpoints)
        SceneStateEndpoints(
            store: store,
            configuration: configuration.sceneState,
            clock: clock,
            rateLimiter: configuration.rateLimits.isOn ? rateLimiter : nil,
            metrics: metrics,
            idempotency: store,
            repair: { bytes in
                guard let repaired = routes.value.repair(navigationPath: bytes) else { return .notNavigationPath }
                return .repaired(repaired.bytes, dropped: repaired.dropped)
            }
        ).register(on: &endpoints)
        let claimIssuer = ClaimIssuer(store: store, configuration: configuration.claims, clock: clock, metrics: claimMetrics,
                                      rateLimiter: configuration.rateLimits.isOn ? rateLimiter : nil)
        self.analytics = analytics
        // With --analytics off the recorder counts nothing; it still classifies short-link clicks
        // for their `short_link.clicked` events.
        let linkPages = timings.measure(.linkPages) {
            LinkPageEndpoints(table: table, metrics: metrics, claims: claimIssuer, analytics: analytics, clock: clock,
                              linkDomains: configuration.shortLinks.linkDomains)
        }
        // Every change an admin route makes is recorded with its caller; keys are checked from a cache.
        let audit = AuditTrail(log: store, clock: clock, logger: logger)
        // Refused callers are recorded too, within a bound a flood cannot grow.
        let refusals = RefusalAudit(trail: audit, clock: clock)
        self.refusals = refusals
        let keys = APIKeyCache(store: store)
        let shortLinks = ShortLinkEndpoints(store: store, routes: routes, clock: clock, metrics: metrics, linkPages: linkPages,
                                            idempotency: store, analytics: analytics, analyticsStore: store, audit: audit,
                                            linkDomains: configuration.shortLinks.linkDomains)
        shortLinks.register(on: &endpoints)
        let webhookEndpoints = WebhookEndpoints(store: store, configuration: configuration.webhooks, clock: clock, idempotency: store,
                                                audit: audit)
        webhookEndpoints.register(on: &endpoints)
        let keyOperations = APIKeyOperations(store: store, cache: keys, audit: audit, clock: clock)
        APIKeyEndpoints(operations: keyOperations).register(on: &endpoints)
        let auditOperations = AuditOperations(log: store)
        AuditEndpoints(operations: auditOperations).register(on: &endpoints)
        webhookWorker = WebhookDeliveryWorker(store: store, configuration: configuration.webhooks, metrics: webhookMetrics,
                                              logger: logger)
        ResolveEndpoints(routes: routes, shortLinks: shortLinks).register(on: &endpoints)
        QREndpoints(routes: routes).register(on: &endpoints)
        ClaimEndpoints(store: store, routes: routes, clock: clock, metrics: claimMetrics, linkPages: linkPages, analytics: analytics)
            .register(on: &endpoints)
        let analyticsEndpoints = AnalyticsEndpoints(store: store, recorder: analytics, clock: clock, audit: audit)
        analyticsEndpoints.register(on: &endpoints)
        let authenticator = AdminAuthenticator(token: configuration.shortLinks.adminToken,
                                               nextToken: configuration.shortLinks.nextAdminToken, keys: keys)
        var console: ConsoleEndpoints?
        if configuration.console.isOn {
            let made = ConsoleEndpoints(
                configuration: configuration.console, sessions: ConsoleSessions(configuration: configuration.console, clock: clock),
                authenticator: authenticator, rateLimiter: configuration.rateLimits.isOn ? rateLimiter : nil, audit: audit,
                refusals: refusals,
                keyCache: keys, keys: keyOperations, auditReads: auditOperations, claims: ClaimOperations(analytics: store, claims: store), reports: analyticsEndpoints.operations, webhooks: webhookEndpoints.operations, links: shortLinks.operations, routes: routes,
                settings: ConsoleServerSettings(rateLimits: configuration.rateLimits,
                                                sessionTimeToLive: configuration.sceneState.sessionTimeToLive,
                                                claimLifetime: configuration.claims.lifetime,
                                                analyticsDetailRetention: configuration.analytics.detailRetention,
                                                analyticsRetention: configuration.analytics.retention),
                storeDescription: storeDescription,
                storeHealth: { completion in
                    store.checkWritable { result in
                        if case .failure(let error) = result { return completion("\(error)") }
                        completion(nil)
                    }
                }, clock: clock)
            made.register(on: &endpoints)
            console = made
        }
        self.console = console
        let associations = timings.measure(.associationFiles) { AssociationEndpoints(table: table) }
        startupTimings = timings
        associations.register(on: &endpoints)
        self.associations = associations
        // Last: the catch-all sits below every endpoint.
        linkPages.register(on: &endpoints, rootShortLinks: table.shortLinkPath == .root ? shortLinks.followAtRoot : nil)
        self.linkPages = linkPages
        do {
            try endpoints.validate()
        } catch {
            throw StartupError(error.description)
        }
        self.endpoints = endpoints

        // Both ports' routers, and their guards, come from the declarations.
        let router = endpoints.unguardedRouter
        self.router = router
        patterns.value = router.routes.map(\.pattern)
        let guards = EndpointGuard(rateLimiter: configuration.rateLimits.isOn ? rateLimiter : nil, admin: authenticator,
                                   linkPages: linkPages.pages, console: console?.guardian, refusals: refusals,
                                   adminHosts: AdminHostCheck(configured: configuration.adminHosts,
                                                              listenHost: configuration.adminListen?.host ?? configuration.http.host,
                                                              routes: routes))
        let publicRoutes = endpoints.router(for: configuration.adminListen == nil ? .only : .publicBesideAdmin, guards.handler)
        self.server = HTTPServer(configuration: configuration.http, router: publicRoutes,
                                 onRequestCompleted: Self.recorder(served: publicRoutes, all: router, endpoints, configuration, metrics, logger))
        server.value = self.server
        if let admin = configuration.adminListen {
            var adminConfiguration = configuration.http
            adminConfiguration.host = admin.host
            adminConfiguration.port = admin.port
            let adminRoutes = endpoints.router(for: .admin, guards.handler)
            adminServer = HTTPServer(configuration: adminConfiguration, router: adminRoutes,
                                     onRequestCompleted: Self.recorder(served: adminRoutes, all: router, endpoints, configuration, metrics, logger))
        } else {
            adminServer = nil
        }
    }

    /// What a server does with each completed request: counts it under its route's index in
    /// `all` (so both ports' requests share one set of labels) and writes the access log, with
    /// the pattern in place of the path for routes whose path carries a secret.
    private static func recorder(served: HTTPRouter, all: HTTPRouter, _ endpoints: EndpointTable,
                                 _ configuration: ServiceConfiguration,
                                 _ metrics: Metrics, _ logger: Logger) -> @Sendable (HTTPAccessRecord) -> Void {
        let indices = served.routes.map { route in
            all.routes.firstIndex { $0.method == route.method && $0.pattern == route.pattern }
        }
        let secretPaths = served.routes.map { endpoints.endpoint($0.method, $0.pattern)?.policy.pathCarriesSecret == true }
        let accessLog = configuration.accessLog
        return { record in
            let route = record.routeIndex.flatMap { indices.indices.contains($0) ? indices[$0] : nil }
            metrics.recordRequest(route: route, method: record.method,
                                  status: record.status, durationMicros: Int(record.durationMicroseconds))
            guard accessLog else { return }
            if let index = record.routeIndex, secretPaths.indices.contains(index), secretPaths[index], let pattern = record.routePattern {
                var redacted = record
                redacted.path = pattern
                logger.access(redacted.jsonLine)
            } else {
                logger.access(record.jsonLine)
            }
        }
    }

    /// Starts listening, the signal handlers and the background timers.
    /// - Parameter handlingSignals: install SIGTERM/SIGINT (drain and stop) and SIGHUP (reload)
    ///   handlers; tests that run the service in process pass false.
    /// - Returns: the bound port.
    @discardableResult
    public func start(handlingSignals: Bool = true) throws(StartupError) -> Int {
        let port: Int
        var adminPort: Int?
        do {
            port = try server.start()
            adminPort = try adminServer?.start()
        } catch {
            server.shutdown {}
            closeStore()
            throw StartupError(Self.listenFailure(error, adminListen: configuration.adminListen))
        }
        if handlingSignals { installSignalHandlers() }
        startTimers()
        webhookWorker.start()
        analytics.start()
        logger.log(.info, "startup", [
            ("host", .string(configuration.http.host)), ("port", .int(port)),
            ("routes", .int(routes.value.routeCount)), ("app", .string(routes.value.appName)),
            ("database", .string(storeDescription)),
            ("version", .string(SceneLinkVersion.current)),
        ] + startupTimings.logFields + (adminPort.map { [("admin_port", .int($0))] } ?? []))
        return port
    }

    /// The sentence for a port that cannot be listened on; a taken port says which and how to
    /// pick another (`--port` or `SCENELINK_PORT`; `--admin-listen` for the admin port).
    static func listenFailure(_ error: HTTPServerError, adminListen: ListenAddress?) -> String {
        guard case .cannotListen(let host, let port, let socketError) = error, socketError.code == EADDRINUSE else {
            return error.description
        }
        let how = adminListen.map { $0.port == port && $0.host == host } == true
            ? "pick another with --admin-listen HOST:PORT (or SCENELINK_ADMIN_LISTEN)"
            : "pick another with --port PORT (or SCENELINK_PORT; --port 0 takes any free one)"
        return "Port \(port) on \(host) is already in use (another scenelink serve, or another program); "
            + "stop that one, or \(how). (\(error.description))"
    }

    /// The start-up block `scenelink serve` writes to standard error (`StartupSummary`).
    /// - Parameter port: the public port as `start()` returned it.
    public func startupSummary(port: Int) -> String {
        StartupSummary(configuration: configuration, port: port, adminPort: adminPort,
                       postgresAddress: configuration.storeURL == nil ? nil : storeDescription,
                       appName: routes.value.appName, routeCount: routes.value.routeCount,
                       workingDirectory: FileManager.default.currentDirectoryPath).text
    }

    /// The admin port once started (`--admin-listen`), else nil.
    public var adminPort: Int? { adminServer?.port }

    /// Blocks the calling thread until the server has shut down.
    public func waitUntilStopped() {
        stopped.wait()
    }

    /// Drains in-flight requests (up to the drain timeout), closes the store, flushes the
    /// logs, then releases `waitUntilStopped()`. Safe to call more than once.
    public func shutdown(reason: String) {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        logger.log(.info, "shutdown", [("reason", .string(reason))])
        let finish: @Sendable () -> Void = { [self] in
            for box in sources.withLock({ $0 }) { box.source.cancel() }
            webhookWorker.stop()
            // Every visit counted so far is written before the store closes.
            analytics.stop()
            closeStore()
            logger.log(.info, "stopped")
            logger.flush()
            stopped.signal()
        }
        // Both ports drain together; the store closes once the last of them is done.
        guard let admin = adminServer else { return server.shutdown(completion: finish) }
        let remaining = Atomic<Int>(2)
        let done: @Sendable () -> Void = {
            if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { finish() }
        }
        server.shutdown(completion: done)
        admin.shutdown(completion: done)
    }

    func closeStore() {
        if let failure = closeStoreAndReport() {
            logger.log(.error, "database-close-failed", [("error", .string(failure))])
        }
    }

    /// The Prometheus page: request metrics plus the store's counts and commit batches, handed to
    /// `completion` once the store has answered its counts (on the store's queue).
    static func metricsPage(metrics: Metrics, store: any SceneStateStore, server: HTTPServer?,
                            routePatterns: [String], rateLimiter: RateLimiter? = nil,
                            completion: @escaping @Sendable (String) -> Void) {
        let openConnections = server?.openConnectionCount ?? 0
        store.counts { result in
            var gauges = [MetricGauge(name: "scenelink_http_open_connections", help: "Open HTTP connections.",
                                      value: openConnections)]
            if case .success(let counts) = result {
                gauges += [
                    MetricGauge(name: "scenelink_sessions", help: "Stored sessions.", value: counts.sessions),
                    MetricGauge(name: "scenelink_scenes", help: "Stored scenes.", value: counts.scenes),
                    MetricGauge(name: "scenelink_values", help: "Stored values.", value: counts.values),
                ]
            }
            let commits = store.commitStatistics
            let batches = MetricHistogram(
                name: "scenelink_store_commit_batch_size",
                help: "Writes carried by one commit (group commit: one fsync per batch).",
                bounds: SceneStateCommitStatistics.bucketUpperBounds.map(Double.init),
                counts: Array(commits.bucketCounts.prefix(SceneStateCommitStatistics.bucketUpperBounds.count)),
                count: commits.commits, sum: Double(commits.writes))
            completion(metrics.render(routePatterns: routePatterns, gauges: gauges,
                                      histograms: [batches]) + (rateLimiter?.exposition ?? ""))
        }
    }

    private func installSignalHandlers() {
        let queue = DispatchQueue(label: "scenelink.signals")
        var installed: [DispatchSourceBox] = []
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.shutdown(reason: name) }
            source.resume()
            installed.append(DispatchSourceBox(source: source))
        }
        signal(SIGHUP, SIG_IGN)
        let hangup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        hangup.setEventHandler { [weak self] in self?.reloadRoutes { _ in } }
        hangup.resume()
        installed.append(DispatchSourceBox(source: hangup))
        sources.withLock { $0.append(contentsOf: installed) }
    }

    private func startTimers() {
        let queue = DispatchQueue(label: "scenelink.timers")
        let flush = DispatchSource.makeTimerSource(queue: queue)
        flush.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200), leeway: .milliseconds(50))
        flush.setEventHandler { [logger] in logger.flush() }
        flush.resume()
        let sweep = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.milliseconds(Int(configuration.sweepInterval.milliseconds))
        sweep.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(1))
        sweep.setEventHandler { [weak self] in
            // One sweep after the other, each calling back from the store: no Swift concurrency pool.
            guard let self else { return }
            self.console?.sessions.sweep()
            self.refusals.flush()
            self.sweepExpiredSessions(now: Date()) { _ in
                self.sweepExpiredShortLinks(now: Date()) { _ in
                    self.sweepExpiredClaims(now: Date()) { _ in
                        self.sweepExpiredIdempotencyKeys(now: Date()) { _ in
                            self.compactAnalytics(now: Date()) { _ in
                                self.sweepAuditLog(now: Date()) { _ in
                                    self.sweepRefusedAuthEntries(now: Date()) { _ in
                                        self.sweepWebhookDeliveries(now: Date()) { _ in }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        sweep.resume()
        sources.withLock { $0.append(contentsOf: [DispatchSourceBox(source: flush), DispatchSourceBox(source: sweep)]) }
    }

    /// Deletes expired sessions in short transactions of at most 200 sessions each, so the
    /// writer is never held for long, and logs how many went; calls back with the number deleted.
    public func sweepExpiredSessions(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        sweep(event: "sweep", counted: "expired_sessions_deleted", { [store] batch, done in
            store.deleteExpiredSessions(now: now, limit: batch) { done($0.mapError { $0 }) }
        }, completion: completion)
    }

    /// Deletes short links that expired more than `ShortLink.expiredRetention` ago (until
    /// then they answer 410, after it 404), in short transactions of at most 200, and logs how many
    /// went; calls back with the number deleted.
    public func sweepExpiredShortLinks(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        let cutoff = now.addingTimeInterval(-ShortLink.expiredRetention.seconds)
        sweep(event: "short-link-sweep", counted: "expired_short_links_deleted", { [store] batch, done in
            store.deleteExpiredShortLinks(expiredBefore: cutoff, limit: batch) { done($0.mapError { $0 }) }
        }, completion: completion)
    }

    /// Deletes claims past their lifetime (`--claim-ttl`), redeemed or not, in short transactions
    /// of at most 200, and logs how many went; calls back with the number deleted. Until then an
    /// expired claim answers 410, after it 404.
    public func sweepExpiredClaims(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        sweep(event: "claim-sweep", counted: "expired_claims_deleted", { [store] batch, done in
            store.deleteExpiredClaims(expiredBefore: now, limit: batch) { done($0.mapError { $0 }) }
        }, completion: completion)
    }

    /// Deletes `Idempotency-Key` records first used more than 24 hours ago, in short transactions
    /// of at most 200, and logs how many went; calls back with the number deleted. From then on
    /// the key is new again.
    public func sweepExpiredIdempotencyKeys(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        let cutoff = now.addingTimeInterval(-IdempotencyRecord.lifetime)
        sweep(event: "idempotency-sweep", counted: "expired_idempotency_keys_deleted", { [store] batch, done in
            store.deleteExpiredIdempotencyKeys(createdBefore: cutoff, limit: batch) { done($0.mapError { $0 }) }
        }, completion: completion)
    }

    /// Deletes audit entries older than `AuditEntry.retention` (400 days), in short transactions of
    /// at most 200, and logs how many went; calls back with the number deleted.
    public func sweepAuditLog(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        let cutoff = now.addingTimeInterval(-AuditEntry.retention)
        sweep(event: "audit-sweep", counted: "audit_entries_deleted", { [store] batch, done in
            store.deleteAuditEntries(before: cutoff, action: nil, limit: batch) { done($0.mapError { $0 }) }
        }, completion: completion)
    }

    /// Deletes `auth.refused` audit entries older than `--refused-auth-retention` (30 days), in short
    /// transactions of at most 200, and logs how many went; calls back with the number deleted.
    public func sweepRefusedAuthEntries(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        let cutoff = now.addingTimeInterval(-configuration.refusedAuthRetention.seconds)
        sweep(event: "refused-auth-sweep", counted: "refused_auth_entries_deleted", { [store] batch, done in
            store.deleteAuditEntries(before: cutoff, action: RefusalAudit.action, limit: batch) { done($0.mapError { $0 }) }
        }, completion: completion)
    }

    /// Deletes delivered and failed webhook deliveries last attempted more than `--webhook-retention`
    /// ago (pending ones never), in short transactions of at most 200, and logs how many went;
    /// calls back with the number deleted.
    public func sweepWebhookDeliveries(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        let cutoff = now.addingTimeInterval(-configuration.webhooks.retention.seconds)
        sweep(event: "webhook-delivery-sweep", counted: "webhook_deliveries_deleted", { [store] batch, done in
            store.deleteFinishedWebhookDeliveries(before: cutoff, limit: batch) { done($0.mapError { $0 }) }
        }, completion: completion)
    }

    /// Folds analytics' hourly breakdowns older than `--analytics-detail-retention` into days and
    /// deletes what is older than `--analytics-retention`, and logs how many rows changed; calls
    /// back with that number.
    public func compactAnalytics(now: Date = Date(), completion: @escaping @Sendable (Int) -> Void) {
        analytics.compact(now: now) { [logger] result in
            switch result {
            case .success(let changed):
                logger.log(changed > 0 ? .info : .debug, "analytics-compaction", [("rows_changed", .int(changed))])
                completion(changed)
            case .failure(let error):
                logger.log(.error, "analytics-compaction-failed", [("error", .string(error.description))])
                completion(0)
            }
        }
    }

    /// Runs `deleteBatch` with a limit of 200 until a batch comes back partly empty, then logs
    /// `event` with the total as `counted` (`event-failed` with the error when a batch fails) and
    /// calls back with the total. Each batch starts from the previous one's callback.
    private func sweep(event: String, counted: String,
                       _ deleteBatch: @escaping @Sendable (Int, @escaping @Sendable (Result<Int, any Error>) -> Void) -> Void,
                       completion: @escaping @Sendable (Int) -> Void) {
        let batch = 200
        let logger = logger
        @Sendable func step(_ total: Int) {
            deleteBatch(batch) { result in
                switch result {
                case .success(let deleted) where deleted < batch:
                    let total = total + deleted
                    logger.log(total > 0 ? .info : .debug, event, [(counted, .int(total))])
                    completion(total)
                case .success(let deleted):
                    step(total + deleted)
                case .failure(let error):
                    logger.log(.error, "\(event)-failed", [("error", .string("\(error)")), ("deleted", .int(total))])
                    completion(total)
                }
            }
        }
        step(0)
    }

    /// Reloads the route file (SIGHUP), atomically: requests already resolving keep the
    /// table they started with. A bad file is logged with every problem and the old table stays.
    ///
    /// A file that loads is first checked against the stored short links (`LinkCheck`): one that
    /// would break or move a link with human visits in the last
    /// `ServiceConfiguration.reloadBreakingWindowDays` days is refused, logged as
    /// `routes-reload-refused` with the count and the first links, unless `--reload-breaking allow`.
    /// - Parameter completion: true when the new table is in force.
    public func reloadRoutes(completion: @escaping @Sendable (Bool) -> Void = { _ in }) {
        var timings = StartupTimings()
        let table: RouteTable
        do throws(RouteTableLoader.LoadError) {
            table = try timings.measure(.routeFile) { () throws(RouteTableLoader.LoadError) in
                try RouteTableLoader.load(path: configuration.routesPath, example: configuration.routesExample,
                                          shortLinkPath: configuration.shortLinks.path)
            }
            if let route = table.routeUnderShortLinkPrefix {
                throw RouteTableLoader.LoadError(description: "the route \(route) starts with \(table.shortLinkPath.prefix), where short links live")
            }
        } catch {
            metrics.recordReload(succeeded: false)
            logger.log(.error, "routes-reload-failed", [("error", .string(error.description)),
                                                        ("kept_routes", .int(routes.value.routeCount))])
            return completion(false)
        }
        guard !configuration.reloadMayBreakLinks || table.shortLinkPath == .root else {
            install(table, timings: timings)
            return completion(true)
        }
        let today = AnalyticsBucket.day(of: Date())
        let days = (today - ServiceConfiguration.reloadBreakingWindowDays + 1)...today
        let current = routes.value, loaded = timings
        StoredLinks.read(links: store, analytics: store, days: days) { [self] result in
            switch result {
            case .failure(let error):
                metrics.recordReload(succeeded: false)
                logger.log(.error, "routes-reload-refused", [
                    ("reason", .string("The stored short links could not be checked against the new route file: \(error.description)")),
                    ("kept_routes", .int(current.routeCount))])
                completion(false)
            case .success(let stored):
                let shadowed = stored.shadowed(by: table)
                guard shadowed.isEmpty else {
                    metrics.recordReload(succeeded: false)
                    logger.log(.error, "routes-reload-refused", [("reason", .string(StoredLinks.shadowSentence(shadowed))),
                                                                 ("kept_routes", .int(current.routeCount))])
                    return completion(false)
                }
                guard !configuration.reloadMayBreakLinks else {
                    install(table, timings: loaded)
                    return completion(true)
                }
                let live = StoredLinks(links: stored.links.filter { (stored.visits[$0.code.rawValue] ?? 0) > 0 }, visits: stored.visits)
                let check = LinkCheck(today: current, candidate: table)
                let failing = check.results(stored: live, now: Date(), routeExamples: [], listed: []).filter(\.fails)
                    .sorted { ($0.visits ?? 0) > ($1.visits ?? 0) }
                guard failing.isEmpty else {
                    metrics.recordReload(succeeded: false)
                    logger.log(.error, "routes-reload-refused", [
                        ("reason", .string("The new route file would break or move \(failing.count) short link\(failing.count == 1 ? "" : "s") visited in the last \(ServiceConfiguration.reloadBreakingWindowDays) days; keep their paths with \"aliases\" (scenelink links check shows each), or serve with --reload-breaking allow.")),
                        ("links", .int(failing.count)),
                        ("first", .string(failing.prefix(5).map { "\($0.source.label): \($0.link) (\($0.status.rawValue), \($0.visits ?? 0) visit\($0.visits == 1 ? "" : "s"))" }
                            .joined(separator: "; "))),
                        ("kept_routes", .int(current.routeCount))])
                    return completion(false)
                }
                install(table, timings: loaded)
                completion(true)
            }
        }
    }

    /// Reloads the route file and answers whether the new table is in force (`reloadRoutes(completion:)`).
    public func reloadRoutes() async -> Bool {
        await withCheckedContinuation { continuation in reloadRoutes { continuation.resume(returning: $0) } }
    }

    /// Puts a loaded table in force with its association files and link pages, and logs it.
    private func install(_ table: RouteTable, timings: StartupTimings) {
        var timings = timings
        routes.replace(with: table)
        timings.measure(.associationFiles) { associations.update(from: table) }
        timings.measure(.linkPages) { linkPages.update(from: table) }
        metrics.recordReload(succeeded: true)
        logger.log(.info, "routes-reloaded", [("routes", .int(table.routeCount)),
                                              ("file", .string(configuration.routesPath ?? "built-in example \(configuration.routesExample)"))]
                   + timings.logFields)
    }
}

/// A box filled in after construction, for closures that need the server they are part of.
final class Reference<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)
    var value: Value? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
