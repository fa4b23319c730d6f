import SceneLinkHTTP

/// Which representation a client asked for in `Accept` (RFC 9110 §12.5.1), for routes that
/// answer both a browser and an API client.
enum ContentNegotiation {
    /// True when `Accept` prefers JSON to HTML: some JSON type (`application/json`, `*/*+json`
    /// such as `application/problem+json`) has a quality above zero and above that of
    /// `text/html` and `application/xhtml+xml`. A tie, `*/*` alone, and no `Accept` at all
    /// are HTML, which is what a browser (or a link opened from a chat app) needs.
    ///
    /// ```swift
    /// ContentNegotiation.prefersJSON(accept: ["application/json"])                       // true
    /// ContentNegotiation.prefersJSON(accept: ["text/html,application/xhtml+xml,*/*;q=0.8"]) // false
    /// ```
    static func prefersJSON(accept fields: [String]) -> Bool {
        var json = 0.0, html = 0.0
        for field in fields {
            for range in field.split(separator: ",") {
                let parts = range.split(separator: ";")
                guard let type = parts.first?.trimmingOWS().lowercased() else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    if pair.count == 2, pair[0].trimmingOWS().lowercased() == "q" {
                        quality = Double(pair[1].trimmingOWS()).map { min(1, max(0, $0)) } ?? 0
                    }
                }
                if type == "application/json" || type.hasSuffix("+json") {
                    json = max(json, quality)
                } else if type == "text/html" || type == "application/xhtml+xml" {
                    html = max(html, quality)
                }
            }
        }
        return json > 0 && json > html
    }

    /// `prefersJSON(accept:)` of a request's `Accept` fields.
    static func prefersJSON(_ request: HTTPRequest) -> Bool {
        prefersJSON(accept: request.headers.values(named: "Accept"))
    }
}
