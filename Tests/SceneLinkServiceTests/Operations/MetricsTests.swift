import SceneLinkHTTP
import Testing
@testable import SceneLinkService

@Suite("Metrics")
struct MetricsTests {
    /// Parses the exposition format: every sample line is `name{labels} value`.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                Issue.record("unparseable sample line: \(line)")
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    @Test("requests are counted by route pattern, method and status")
    func counts() {
        let metrics = Metrics()
        metrics.recordRequest(route: 0, method: .get, status: 200, durationMicros: 40)
        metrics.recordRequest(route: 0, method: .get, status: 200, durationMicros: 60)
        metrics.recordRequest(route: nil, method: .get, status: 404, durationMicros: 3_000_000)
        let samples = MetricsTests.samples(metrics.render(routePatterns: ["/healthz"], gauges: []))
        #expect(samples[#"scenelink_http_requests_total{route="/healthz",method="GET",status="200"}"#] == 2)
        #expect(samples[#"scenelink_http_requests_total{route="unrouted",method="GET",status="404"}"#] == 1)
        #expect(samples[#"scenelink_http_request_duration_seconds_bucket{le="0.0001"}"#] == 2)
        #expect(samples[#"scenelink_http_request_duration_seconds_bucket{le="2.5"}"#] == 2)
        #expect(samples[#"scenelink_http_request_duration_seconds_bucket{le="+Inf"}"#] == 3)
        #expect(samples["scenelink_http_request_duration_seconds_count"] == 3)
    }

    @Test("routes whose patterns have the same length are still counted apart")
    func sameLengthRoutes() {
        let metrics = Metrics()
        for _ in 0 ..< 3 { metrics.recordRequest(route: 0, method: .get, status: 200, durationMicros: 10) }
        metrics.recordRequest(route: 1, method: .get, status: 200, durationMicros: 10)
        metrics.recordRequest(route: 2, method: .put, status: 200, durationMicros: 10)
        let samples = MetricsTests.samples(metrics.render(routePatterns: ["/v1/a/{x}", "/v1/b/{x}", "/v1/b/{x}"], gauges: []))
        #expect(samples[#"scenelink_http_requests_total{route="/v1/a/{x}",method="GET",status="200"}"#] == 3)
        #expect(samples[#"scenelink_http_requests_total{route="/v1/b/{x}",method="GET",status="200"}"#] == 1)
        #expect(samples[#"scenelink_http_requests_total{route="/v1/b/{x}",method="PUT",status="200"}"#] == 1)
    }

    @Test("methods a client invents share one label, so series stay bounded")
    func inventedMethods() {
        let metrics = Metrics()
        for index in 0 ..< 100 {
            metrics.recordRequest(route: nil, method: HTTPMethod(rawValue: "X\(index)"), status: 404, durationMicros: 10)
        }
        metrics.recordRequest(route: 0, method: .post, status: 201, durationMicros: 10)
        let samples = MetricsTests.samples(metrics.render(routePatterns: ["/v1/sessions"], gauges: []))
        #expect(samples[#"scenelink_http_requests_total{route="unrouted",method="OTHER",status="404"}"#] == 100)
        #expect(samples[#"scenelink_http_requests_total{route="/v1/sessions",method="POST",status="201"}"#] == 1)
        #expect(samples.keys.filter { $0.hasPrefix("scenelink_http_requests_total") }.count == 2)
    }

    @Test("gauges, histograms and reloads are rendered with HELP and TYPE")
    func gaugesAndReloads() {
        let metrics = Metrics()
        metrics.recordReload(succeeded: true)
        metrics.recordReload(succeeded: false)
        metrics.recordReload(succeeded: false)
        let text = metrics.render(
            routePatterns: [], gauges: [MetricGauge(name: "scenelink_sessions", help: "Stored sessions.", value: 7)],
            histograms: [MetricHistogram(name: "scenelink_store_commit_batch_size", help: "Writes per commit.",
                                         bounds: [1, 2, 4], counts: [3, 1, 0], count: 5, sum: 12)])
        let samples = MetricsTests.samples(text)
        #expect(text.contains("# TYPE scenelink_sessions gauge"))
        #expect(samples["scenelink_sessions"] == 7)
        #expect(samples[#"scenelink_route_reloads_total{result="ok"}"#] == 1)
        #expect(samples[#"scenelink_route_reloads_total{result="failed"}"#] == 2)
        #expect(samples[#"scenelink_store_commit_batch_size_bucket{le="2"}"#] == 4)
        #expect(samples[#"scenelink_store_commit_batch_size_bucket{le="+Inf"}"#] == 5)
    }

    @Test("label values are escaped as the exposition format escapes them, and only so")
    func escaping() {
        #expect(Metrics.label(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(Metrics.label("a\nb") == #""a\nb""#)
        // The format has no \uXXXX: another control character or a tab goes out as it is.
        #expect(Metrics.label("a\tb\u{1}/é") == "\"a\tb\u{1}/é\"")
    }
}
