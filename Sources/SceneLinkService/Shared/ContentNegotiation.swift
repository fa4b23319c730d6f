import SceneLinkHTTP
import SceneLinkText

/// The one reading of `Accept` (RFC 9110 §12.5.1), for every endpoint that answers a browser
/// with HTML and an API client with JSON: link pages, short links, and their error pages.
///
/// Rules, each with a test in `ContentNegotiationTests`:
/// 1. Every `Accept` field is read, as one comma-separated list (RFC 9110 §5.3).
/// 2. Each representation's quality is the weight (`q`, default 1) of the most specific media
///    range that matches it: `application/json` or any `application/…+json` for JSON,
///    `text/html` or `application/xhtml+xml` for HTML, then `application/*` or `text/*`, then
///    `*/*`. Ranges of equal specificity take the highest weight.
/// 3. A range whose weight is not a qvalue (`0`–`1` with at most three decimals) is malformed
///    and ignored, as if it were not sent.
/// 4. JSON when its quality is above zero and above HTML's. A tie, `*/*` alone, an empty or
///    absent `Accept`, and nothing acceptable at all are HTML: what a browser, or a link
///    opened from a chat app, needs.
enum ContentNegotiation {
    /// The format the `Accept` fields ask for.
    ///
    /// ```swift
    /// ContentNegotiation.format(accept: ["application/json"])                        // .json
    /// ContentNegotiation.format(accept: ["text/html,application/xhtml+xml,*/*;q=0.8"]) // .html
    /// ```
    static func format(accept fields: some Sequence<String>) -> LinkPageFormat {
        var json = Preference(), html = Preference()
        for var field in fields {
            field.withUTF8 { bytes in read(bytes, json: &json, html: &html) }
        }
        return json.quality > 0 && json.quality > html.quality ? .json : .html
    }

    /// The format a request's `Accept` fields ask for.
    static func format(_ request: HTTPRequest) -> LinkPageFormat {
        // Most requests (wrk, curl, a phone's browser opening a link) have at most one field.
        format(accept: request.headers.lazy.filter { $0.name.equalsIgnoringASCIICase("Accept") }.map { $0.value })
    }

    /// True when the request prefers JSON (`format(_:) == .json`).
    static func prefersJSON(_ request: HTTPRequest) -> Bool {
        format(request) == .json
    }

    /// A representation's quality so far: the weight of the most specific range that matched.
    struct Preference {
        /// 0 none, 1 `*/*`, 2 `type/*`, 3 the type itself.
        var specificity = 0
        /// In thousandths, as qvalues are written.
        var weight = 0

        var quality: Int { weight }

        mutating func offer(specificity: Int, weight: Int) {
            if specificity > self.specificity {
                self.specificity = specificity
                self.weight = weight
            } else if specificity == self.specificity {
                self.weight = max(self.weight, weight)
            }
        }
    }

    /// Reads one field's media ranges into the two preferences.
    private static func read(_ field: UnsafeBufferPointer<UInt8>, json: inout Preference, html: inout Preference) {
        var start = 0
        while start <= field.count {
            let end = field[start...].firstIndex(of: UInt8(ascii: ",")) ?? field.count
            readRange(UnsafeBufferPointer(rebasing: field[start..<end]), json: &json, html: &html)
            start = end + 1
        }
    }

    /// One media range: `type/subtype *( OWS ";" OWS parameter )`.
    private static func readRange(_ range: UnsafeBufferPointer<UInt8>, json: inout Preference, html: inout Preference) {
        let typeEnd = range.firstIndex(of: UInt8(ascii: ";")) ?? range.count
        let mediaType = trimmed(range[0..<typeEnd])
        guard let slash = mediaType.firstIndex(of: UInt8(ascii: "/")) else { return }
        let type = mediaType[mediaType.startIndex..<slash], subtype = mediaType[(slash + 1)...]
        var weight = 1000
        var start = typeEnd + 1
        while start < range.count {
            let end = range[start...].firstIndex(of: UInt8(ascii: ";")) ?? range.count
            let pair = trimmed(range[start..<end])
            start = end + 1
            guard pair.count >= 2, ASCIICase.lowercased(pair[pair.startIndex]) == UInt8(ascii: "q"),
                  pair[pair.startIndex + 1] == UInt8(ascii: "=") else { continue }
            guard let value = qvalue(pair[(pair.startIndex + 2)...]) else { return }
            weight = value
            // Parameters after the weight are accept-ext, which nothing here reads.
            break
        }
        let anyType = type.count == 1 && type.first == UInt8(ascii: "*")
        let anySubtype = subtype.count == 1 && subtype.first == UInt8(ascii: "*")
        if anyType && anySubtype {
            json.offer(specificity: 1, weight: weight)
            html.offer(specificity: 1, weight: weight)
        } else if ASCIICase.equal(type, lowercase: "application") {
            if anySubtype {
                json.offer(specificity: 2, weight: weight)
            } else if ASCIICase.equal(subtype, lowercase: "json") || (subtype.count > 5 && ASCIICase.equal(subtype.suffix(5), lowercase: "+json")) {
                json.offer(specificity: 3, weight: weight)
            } else if ASCIICase.equal(subtype, lowercase: "xhtml+xml") {
                html.offer(specificity: 3, weight: weight)
            }
        } else if ASCIICase.equal(type, lowercase: "text") {
            if anySubtype {
                html.offer(specificity: 2, weight: weight)
            } else if ASCIICase.equal(subtype, lowercase: "html") {
                html.offer(specificity: 3, weight: weight)
            }
        }
    }

    /// RFC 9110 §12.4.2: `"0" [ "." 0*3DIGIT ]` or `"1" [ "." 0*3"0" ]`, in thousandths; nil
    /// when malformed.
    static func qvalue(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        let rest = text.dropFirst()
        guard let dot = rest.first else { return value }
        guard dot == UInt8(ascii: "."), rest.count <= 4 else { return nil }
        var scale = 100
        for digit in rest.dropFirst() {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9"), first == UInt8(ascii: "0") || digit == UInt8(ascii: "0") else {
                return nil
            }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value
    }

    /// `bytes` without optional whitespace (spaces and tabs) at either end.
    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }
}
