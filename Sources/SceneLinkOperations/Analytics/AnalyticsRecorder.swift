import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkNetwork
import Synchronization

/// Click analytics' in-memory side: each visit is classified at request time
/// (`UserAgentReading`, `VisitReferrer`, `VisitCountry`, the QR marker) and counted in the
/// current `AnalyticsWindow`, with no address and no User-Agent in it: equal events share one
/// count until the next flush, so a burst of like visits costs one entry. Every
/// `flushInterval` the window's counts are summed per scope (`AnalyticsTally`) and written in
/// one transaction.
///
/// - The click path does no store write for analytics: it adds one to a count under a lock.
/// - SIGTERM loses nothing: `stop()` writes what is counted before the store closes. A kill -9
///   loses at most the counts of one flush window.
/// - A write that fails is kept and added to the next one (logged), so a store that is down for
///   a while loses nothing either, up to `maximumPendingEntries` distinct events waiting. The rows
///   kept waiting are at most `maximumCarriedRows`: past it they are folded into their UTC day
///   (every day's totals still exact), and only then are the oldest let go, each counted in
///   `/metrics` (`exposition`) and the log.
/// - Distinct visitors are hashed under a salt made each UTC day that never leaves memory
///   (`AnalyticsSalt`), an IPv6 address by its /64 as the rate limits group it, and counted in
///   sketches that die with the day: exact up to 1,024 visitors a scope a day, then HyperLogLog,
///   all within 32 MiB (`AnalyticsVisitorSketches`).
public final class AnalyticsRecorder: Sendable {
    /// `--analytics`, `--analytics-flush`, `--analytics-detail-retention`, `--analytics-retention`
    /// and `--country-header`.
    public struct Configuration: Sendable, Equatable {
        /// Whether visits are counted and the analytics API answers (`--analytics off`).
        public var isOn = true
        /// How often counts are written.
        public var flushInterval: Duration = .seconds(5)
        /// How long hourly breakdowns are kept before they are folded into UTC days.
        public var detailRetention: Duration = .seconds(35 * 86_400)
        /// How long 15-minute counts, daily breakdowns and daily visitors are kept.
        public var retention: Duration = .seconds(800 * 86_400)
        /// The request header a trusted proxy puts the visitor's country in (`CF-IPCountry`);
        /// nil counts every visit's country as `unknown`.
        public var countryHeader: String?

        public init() {}
    }

    /// The most distinct events, and visitor marks, kept waiting for a write; past it, a flush
    /// is started at once and new ones are dropped (and counted in the log) until it has run.
    package static let maximumPendingEntries = 500_000

    private struct Pending {
        var window = AnalyticsWindow(limit: AnalyticsRecorder.maximumPendingEntries)
        var salt: AnalyticsSalt?
        var dropped = 0
        var flushRequested = false
    }

    /// The most rows of failed writes kept for the next flush (`AnalyticsTally.bounded(to:)`).
    package static let maximumCarriedRows = 200_000

    /// What the recorder could not count as it came, since the start, for `/metrics`.
    package struct Statistics: Sendable, Equatable {
        /// Events the full window had no room for.
        package var droppedEvents = 0
        /// Rows of failed writes waiting for the next flush.
        package var backlogRows = 0
        /// Backlog rows folded into their UTC day.
        package var foldedRows = 0
        /// Backlog rows let go after folding, and the visits in them.
        package var droppedRows = 0
        package var droppedVisits: Int64 = 0
        /// Visitors not counted in a scope because the visitor sketches' memory was spent.
        package var untrackedVisitors = 0
        /// Breakdown counts moved to `(other)`: their value came past the 100 a scope keeps a day.
        package var otherValues: Int64 = 0
    }

    /// What only the flush queue touches.
    private struct Flushing {
        var carried = AnalyticsTally()
        var seen = AnalyticsVisitorSketches()
        var values = AnalyticsDimensionValues()
    }

    public let configuration: Configuration
    private let store: any AnalyticsStore
    private let logger: Logger?
    private let pending = Mutex(Pending())
    private let flushing = Mutex(Flushing())
    private let queue = DispatchQueue(label: "scenelink.analytics")
    private let timer = Mutex<DispatchSourceBox?>(nil)
    private let counters = Mutex(Statistics())

    /// The most rows of failed writes kept (`maximumCarriedRows`; tests give fewer).
    private let backlogLimit: Int

    public convenience init(store: any AnalyticsStore, configuration: Configuration = Configuration(), logger: Logger? = nil) {
        self.init(store: store, configuration: configuration, logger: logger, backlogLimit: Self.maximumCarriedRows)
    }

    package init(store: any AnalyticsStore, configuration: Configuration, logger: Logger?, backlogLimit: Int) {
        self.store = store
        self.configuration = configuration
        self.logger = logger
        self.backlogLimit = backlogLimit
    }

    // MARK: Recording (request path)

    /// Counts a visit: `request`'s headers are read here and forgotten.
    /// - Parameters:
    ///   - reading: the request's User-Agent, already read (the link page reads it once).
    ///   - link: the short link it came through; `route` the route its link resolved to.
    public func recordVisit(_ request: HTTPRequest, reading: UserAgentReading, link: ShortCode?, route: String?,
                            outcome: VisitOutcome, at now: Date) {
        guard configuration.isOn, request.method == .get else { return }
        let trigger = trigger(of: request)
        let referrer = VisitReferrer(referer: request.headers["Referer"])
        let country = country(of: request)
        let bucket = AnalyticsBucket.index(of: now)
        // An IPv6 visitor by the /64 a subscriber is given (as the rate limits count them), so
        // an address per request does not make a visitor per request.
        let address = RateLimitKey(client: request.clientAddress)
        pending.withLock { pending in
            var visitor: UInt64?
            if reading.visitClass == .human {
                let day = AnalyticsBucket.day(ofBucket: bucket)
                if pending.salt?.day != day { pending.salt = AnalyticsSalt(day: day) }
                visitor = pending.salt?.visitor(address: (address.high, address.low), browser: reading.browser)
            }
            let counted = pending.window.addVisit(reading: reading, trigger: trigger, referrer: referrer, country: country,
                                                  outcome: outcome, bucket: bucket, link: link, route: route, visitor: visitor)
            if !counted { drop(in: &pending) }
        }
    }

    /// What `short_link.clicked` says of the request's visit (whether analytics is on or not).
    public func clickVisit(_ request: HTTPRequest, reading: UserAgentReading) -> ShortLinkClickVisit {
        ShortLinkClickVisit(visitClass: reading.visitClass, trigger: trigger(of: request), platform: reading.platform,
                            country: country(of: request).code)
    }

    /// `qr` when the request's query carries the QR marker, else `click`.
    package func trigger(of request: HTTPRequest) -> VisitTrigger {
        request.query.map { QRMarker.isMarked(query: Substring($0)) } == true ? .qr : .click
    }

    /// The visitor's country from `countryHeader`, believed only from a trusted proxy; else `unknown`.
    package func country(of request: HTTPRequest) -> VisitCountry {
        guard let header = configuration.countryHeader, request.isForwarded, let value = request.headers[header] else {
            return .unknown
        }
        return VisitCountry(header: value)
    }

    /// Counts a claim made by a link page for `link` (a short link's page) or `route`.
    public func recordClaim(link: ShortCode?, route: String?, at now: Date) {
        guard configuration.isOn else { return }
        let bucket = AnalyticsBucket.index(of: now)
        pending.withLock { pending in
            if !pending.window.addClaim(bucket: bucket, link: link, route: route) { drop(in: &pending) }
        }
    }

    /// Counts a claim redeemed by the app: an install that came from `link` or `route`.
    public func recordInstall(link: ShortCode?, route: String?, at now: Date) {
        guard configuration.isOn else { return }
        let bucket = AnalyticsBucket.index(of: now)
        pending.withLock { pending in
            if !pending.window.addInstall(bucket: bucket, link: link, route: route) { drop(in: &pending) }
        }
    }

    /// Counts an event the full window had no room for, and starts a flush to make room.
    private func drop(in pending: inout Pending) {
        pending.dropped += 1
        counters.withLock { $0.droppedEvents += 1 }
        if !pending.flushRequested {
            pending.flushRequested = true
            queue.async { self.flushNow() }
        }
    }

    // MARK: Flushing

    /// Starts the flush timer.
    public func start() {
        guard configuration.isOn else { return }
        let interval = DispatchTimeInterval.milliseconds(Int(max(1, configuration.flushInterval.milliseconds)))
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        source.setEventHandler { [weak self] in self?.flushNow() }
        source.resume()
        timer.withLock { $0 = DispatchSourceBox(source: source) }
    }

    /// How long the last flush at shutdown may wait for the store before the store is closed
    /// anyway (a database that does not answer must not hold the process).
    package static let stopWait: Duration = .seconds(10)

    /// Stops the timer and writes everything queued; returns once it is written (or failed and
    /// was logged, or `stopWait` passed). Call before the store closes.
    public func stop() {
        timer.withLock { box in
            box?.source.cancel()
            box = nil
        }
        queue.sync { flushNow(waitingAtMost: Self.stopWait) }
    }

    /// Writes what is queued now and calls back once it is written (tests, and the proofs' wait).
    public func flush(completion: @escaping @Sendable () -> Void) {
        queue.async {
            self.flushNow()
            completion()
        }
    }

    /// Forgets the counts not yet written of one short link (its analytics are being purged).
    public func forget(link: ShortCode) {
        pending.withLock { $0.window.forget(link: link) }
        flushing.withLock { $0.carried = $0.carried.without(link: link) }
    }

    /// On the flush queue: sums the counted events with any carried from a failed write, writes
    /// them in one transaction, and waits for the answer (the queue is analytics' own; the store
    /// answers every call, within its timeouts), at shutdown at most `limit`.
    private func flushNow(waitingAtMost limit: Duration? = nil) {
        let (window, dropped) = pending.withLock { pending in
            defer {
                pending.window = AnalyticsWindow(limit: Self.maximumPendingEntries)
                pending.dropped = 0
                pending.flushRequested = false
            }
            return (pending.window, pending.dropped)
        }
        if dropped > 0 {
            logger?.log(.warning, "analytics-events-dropped", [("events", .int(dropped))])
        }
        let (tally, untracked) = flushing.withLock { flushing in
            var tally = flushing.carried
            flushing.carried = AnalyticsTally()
            let untrackedBefore = flushing.seen.untracked
            window.tally(into: &tally, seen: &flushing.seen)
            tally.nameValues(&flushing.values)
            // A visitor sketch, or a day's value names, is needed only while its day can still get visits.
            let yesterday = AnalyticsBucket.day(of: Date()) - 1
            flushing.seen.forget(before: yesterday)
            flushing.values.forget(before: yesterday)
            let folded = flushing.values.folded
            counters.withLock { $0.otherValues = folded }
            return (tally, flushing.seen.untracked - untrackedBefore)
        }
        if untracked > 0 {
            counters.withLock { $0.untrackedVisitors += untracked }
            logger?.log(.warning, "analytics-visitors-untracked", [("visitors", .int(untracked)),
                                                                  ("budget_bytes", .int(AnalyticsVisitorSketches.defaultBudget))])
        }
        guard !tally.isEmpty else { return }
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<AnalyticsStoreError?>(nil)
        store.recordAnalytics(tally.batch) { result in
            if case .failure(let error) = result { failure.withLock { $0 = error } }
            done.signal()
        }
        if let limit {
            guard done.wait(timeout: .now() + .milliseconds(Int(limit.milliseconds))) == .success else {
                logger?.log(.error, "analytics-flush-unanswered", [("seconds", .int(Int(limit.seconds)))])
                return
            }
        } else {
            done.wait()
        }
        switch failure.withLock({ $0 })?.failure {
        case nil:
            break
        case .commitInDoubt(let message):
            // It may have been written: adding it again could count it twice, so it is not carried.
            logger?.log(.error, "analytics-flush-in-doubt", [("error", .string(message))])
        case let other?:
            // Written again with the next window: a write that failed changed nothing.
            let (bounding, rows) = flushing.withLock { flushing in
                flushing.carried.merge(tally)
                let bounded = flushing.carried.bounded(to: backlogLimit)
                flushing.carried = bounded.tally
                return (bounded.bounding, bounded.tally.entryCount)
            }
            counters.withLock { counters in
                counters.backlogRows = rows
                counters.foldedRows += bounding.folded
                counters.droppedRows += bounding.droppedRows
                counters.droppedVisits += bounding.droppedVisits
            }
            logger?.log(.error, "analytics-flush-failed", [("error", .string(other.description)), ("backlog_rows", .int(rows))])
            if bounding != AnalyticsTally.Bounding() {
                logger?.log(.warning, "analytics-backlog-bounded", [
                    ("folded_rows", .int(bounding.folded)), ("dropped_rows", .int(bounding.droppedRows)),
                    ("dropped_visits", .int(Int(bounding.droppedVisits))), ("limit_rows", .int(backlogLimit)),
                ])
            }
            return
        }
        counters.withLock { $0.backlogRows = 0 }
    }

    /// What the recorder could not count as it came, since the start.
    package var statistics: Statistics { counters.withLock { $0 } }

    /// The recorder's lines of `/metrics`.
    public var exposition: String {
        let now = statistics
        var out = ""
        func counter(_ name: String, _ help: String, _ value: some BinaryInteger) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) counter\n\(name) \(value)\n"
        }
        counter("scenelink_analytics_dropped_events_total", "Visits and claims not counted because the flush window was full.",
                now.droppedEvents)
        out += "# HELP scenelink_analytics_backlog_rows Rows of failed analytics writes waiting for the next flush.\n"
        out += "# TYPE scenelink_analytics_backlog_rows gauge\nscenelink_analytics_backlog_rows \(now.backlogRows)\n"
        counter("scenelink_analytics_backlog_folded_rows_total", "Waiting rows folded into their UTC day to keep the backlog bounded.",
                now.foldedRows)
        counter("scenelink_analytics_backlog_dropped_rows_total", "Waiting rows let go, oldest first, after folding was not enough.",
                now.droppedRows)
        counter("scenelink_analytics_backlog_dropped_visits_total", "Visits in the waiting rows let go.", now.droppedVisits)
        counter("scenelink_analytics_other_values_total",
                "Breakdown counts moved to (other), summed over scopes: their value came past the 100 a scope keeps by name a UTC day.", now.otherValues)
        counter("scenelink_analytics_untracked_visitors_total",
                "Visitors not counted in a scope because the distinct-visitor sketches' memory was spent.", now.untrackedVisitors)
        return out
    }

    // MARK: Retention

    /// Folds hourly breakdowns older than `detailRetention` into days and deletes what is older
    /// than `retention`, both cut at a UTC midnight; calls back with the rows changed.
    public func compact(now: Date, completion: @escaping @Sendable (Result<Int, AnalyticsStoreError>) -> Void) {
        guard configuration.isOn else { return completion(.success(0)) }
        let today = AnalyticsBucket.day(of: now)
        let detailDays = Int64(configuration.detailRetention.seconds / 86_400)
        let keptDays = Int64(configuration.retention.seconds / 86_400)
        store.compactAnalytics(detailBefore: (today - detailDays) * AnalyticsBucket.perDay,
                               keepFrom: (today - keptDays) * AnalyticsBucket.perDay, completion: completion)
    }
}
