import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkText
import Synchronization

/// Counters and histograms for `GET /metrics`, in the Prometheus text exposition format
/// (version 0.0.4).
///
/// Requests are counted by route pattern (never by raw path), method (methods outside RFC
/// 9110's, which any client may invent, count as `OTHER`) and status, so label cardinality
/// stays bounded whatever clients send. Gauges that belong to other parts (open connections,
/// stored rows, commit batches) are read from them when the page is rendered.
public final class Metrics: Sendable {
    /// How many requests of one route and method were answered with `status`.
    struct StatusCount {
        let status: Int
        var count: Int
    }

    struct State {
        /// By `slot(route:method:)`: the statuses seen for that route and method, each with its
        /// count. An array of short lists rather than a dictionary keyed by all three: counting
        /// runs for every request, and hashing a key cost about 300 instructions of it.
        var requests: [[StatusCount]] = []
        var latencyBuckets: [Int]
        var latencyCount = 0
        var latencySumMicros = 0
        var reloads = 0
        var reloadFailures = 0
        /// By `ShortLinkClickOutcome.allCases` index.
        var shortLinkClicks = Array(repeating: 0, count: ShortLinkClickOutcome.allCases.count)
        /// Link-page views by route name, each with a count per platform (`LinkPlatform.index`).
        var linkPageViews: [String: [Int]] = [:]
        /// Saves refused because the session would pass `--max-session-bytes`.
        var quotaRefusals = 0
    }

    /// The route label of a link-page view of the root link when no route declares `/`.
    static let rootRoute = "/"
    /// The route label of a link-page view of a link no route takes.
    static let unresolvedRoute = "none"

    /// Upper bounds of the latency histogram, in seconds.
    static let latencyBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private let state = Mutex(State(latencyBuckets: Array(repeating: 0, count: Metrics.latencyBounds.count)))

    public init() {}

    /// Counts one finished request.
    /// - Parameter route: the index of its route in `HTTPRouter.routes`, nil when none matched.
    public func recordRequest(route: Int?, method: HTTPMethod, status: Int, durationMicros: Int) {
        let slot = Metrics.slot(route: route ?? -1,
                                method: Metrics.labelledMethods.firstIndex(of: method) ?? Metrics.labelledMethods.count)
        let seconds = Double(durationMicros) / 1_000_000
        state.withLock { state in
            if slot >= state.requests.count {
                state.requests += Array(repeating: [], count: slot + 1 - state.requests.count)
            }
            if let index = state.requests[slot].firstIndex(where: { $0.status == status }) {
                state.requests[slot][index].count += 1
            } else {
                state.requests[slot].append(StatusCount(status: status, count: 1))
            }
            state.latencyCount += 1
            state.latencySumMicros += durationMicros
            if let bucket = Metrics.latencyBounds.firstIndex(where: { seconds <= $0 }) {
                state.latencyBuckets[bucket] += 1
            }
        }
    }

    /// Where requests of a route (-1: none) and a method index are counted in `State.requests`.
    static func slot(route: Int, method: Int) -> Int {
        (route + 1) * (labelledMethods.count + 1) + method
    }

    /// The methods counted under their own name: RFC 9110's, and PATCH. Any other is `OTHER`.
    static let labelledMethods: [HTTPMethod] = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]

    /// Counts one route-table reload.
    public func recordReload(succeeded: Bool) {
        state.withLock { state in
            if succeeded { state.reloads += 1 } else { state.reloadFailures += 1 }
        }
    }

    /// Counts one short-link click (`GET /s/CODE`, or a resolve through a short link).
    public func recordShortLinkClick(_ outcome: ShortLinkClickOutcome) {
        guard let index = ShortLinkClickOutcome.allCases.firstIndex(of: outcome) else { return }
        state.withLock { $0.shortLinkClicks[index] += 1 }
    }

    /// Counts one save refused by the session quota.
    public func recordQuotaRefusal() {
        state.withLock { $0.quotaRefusals += 1 }
    }

    /// Counts one HTML link-page view. `route` is a route name from the route file (bounded by
    /// it), `rootRoute` or `unresolvedRoute`.
    public func recordLinkPageView(route: String, platform: LinkPlatform) {
        state.withLock { state in
            state.linkPageViews[route, default: [0, 0, 0]][platform.index] += 1
        }
    }

    /// Renders the exposition, with gauges supplied by the caller.
    /// - Parameter routePatterns: the pattern of each route, by the index requests were counted under.
    public func render(routePatterns: [String], gauges: [MetricGauge], histograms: [MetricHistogram] = []) -> String {
        let snapshot = state.withLock { $0 }
        var out = ""
        out += "# HELP scenelink_http_requests_total HTTP requests answered, by route pattern, method and status.\n"
        out += "# TYPE scenelink_http_requests_total counter\n"
        let methods = Metrics.labelledMethods.count + 1
        let counted = snapshot.requests.enumerated().flatMap { slot, statuses in
            let route = slot / methods - 1, method = slot % methods
            return statuses.map { entry in
                (route: routePatterns.indices.contains(route) ? routePatterns[route] : "unrouted",
                 method: method < Metrics.labelledMethods.count ? Metrics.labelledMethods[method].rawValue : "OTHER",
                 status: entry.status, count: entry.count)
            }
        }
        for entry in counted.sorted(by: { ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status) }) {
            out += "scenelink_http_requests_total{route=\(Metrics.label(entry.route)),method=\(Metrics.label(entry.method)),status=\"\(entry.status)\"} \(entry.count)\n"
        }
        let latency = MetricHistogram(
            name: "scenelink_http_request_duration_seconds",
            help: "Time from a request's last byte to its response being handed to the socket.",
            bounds: Metrics.latencyBounds, counts: snapshot.latencyBuckets,
            count: snapshot.latencyCount, sum: Double(snapshot.latencySumMicros) / 1_000_000)
        out += latency.exposition
        for histogram in histograms { out += histogram.exposition }
        out += "# HELP scenelink_route_reloads_total Route-table reloads, by result.\n"
        out += "# TYPE scenelink_route_reloads_total counter\n"
        out += "scenelink_route_reloads_total{result=\"ok\"} \(snapshot.reloads)\n"
        out += "scenelink_route_reloads_total{result=\"failed\"} \(snapshot.reloadFailures)\n"
        out += "# HELP scenelink_short_link_clicks_total Short-link clicks (GET /s/CODE and resolves through a short link; HEAD not counted), by outcome.\n"
        out += "# TYPE scenelink_short_link_clicks_total counter\n"
        for (outcome, count) in zip(ShortLinkClickOutcome.allCases, snapshot.shortLinkClicks) {
            out += "scenelink_short_link_clicks_total{outcome=\"\(outcome.rawValue)\"} \(count)\n"
        }
        out += "# HELP scenelink_link_page_views_total Link pages served as HTML, by route and the visitor's platform.\n"
        out += "# TYPE scenelink_link_page_views_total counter\n"
        for (route, counts) in snapshot.linkPageViews.sorted(by: { $0.key < $1.key }) {
            for platform in LinkPlatform.allCases where counts[platform.index] > 0 {
                out += "scenelink_link_page_views_total{route=\(Metrics.label(route)),platform=\"\(platform.rawValue)\"} \(counts[platform.index])\n"
            }
        }
        out += "# HELP scenelink_quota_refusals_total Saves refused because the session would pass --max-session-bytes.\n"
        out += "# TYPE scenelink_quota_refusals_total counter\n"
        out += "scenelink_quota_refusals_total \(snapshot.quotaRefusals)\n"
        for gauge in gauges {
            out += "# HELP \(gauge.name) \(gauge.help)\n# TYPE \(gauge.name) gauge\n\(gauge.name) \(gauge.value)\n"
        }
        return out
    }

    /// A quoted label value as the Prometheus text format writes one: `\`, `"` and the line
    /// feed are the only escapes it knows (`\\`, `\"`, `\n`); everything else is as it is.
    static func label(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
