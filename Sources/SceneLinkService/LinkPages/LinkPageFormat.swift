import SceneLinkHTTP

/// What a link page request asks for: the HTML page, or the resolve document as JSON.
public enum LinkPageFormat: Sendable, Equatable {
    case html
    case json

    /// The format an `Accept` field asks for (RFC 9110 §12.5.1).
    ///
    /// JSON only when the field names a JSON type (`application/json`, `application/problem+json`,
    /// any `+json`) with a weight above 0 and above `text/html`'s; a browser (which lists
    /// `text/html`), a scraper sending `*/*`, and a request with no `Accept` get HTML.
    public init(accept: String?) {
        // Browsers send a long Accept with no JSON in it: one scan, no allocation.
        guard let accept, Self.mentionsJSON(accept) else {
            self = .html
            return
        }
        var html = 0.0
        var json = 0.0
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let type = parts.first?.trimmingOWS().lowercased() else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingOWS()
                if pair.hasPrefix("q=") || pair.hasPrefix("Q=") { weight = Double(pair.dropFirst(2)) ?? 1 }
            }
            if type == "text/html" || type == "application/xhtml+xml" {
                html = max(html, weight)
            } else if type == "application/json" || type.hasSuffix("+json") {
                json = max(json, weight)
            }
        }
        self = json > 0 && json > html ? .json : .html
    }

    /// Whether `accept` holds `json` in any case.
    private static func mentionsJSON(_ accept: String) -> Bool {
        var text = accept
        return text.withUTF8 { bytes in
            guard bytes.count >= 4 else { return false }
            for start in 0 ... bytes.count - 4
            where bytes[start] | 0x20 == UInt8(ascii: "j") && bytes[start + 1] | 0x20 == UInt8(ascii: "s")
                && bytes[start + 2] | 0x20 == UInt8(ascii: "o") && bytes[start + 3] | 0x20 == UInt8(ascii: "n") {
                return true
            }
            return false
        }
    }
}
