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
package enum ContentNegotiation {
    /// The format the `Accept` fields ask for.
    ///
    /// ```swift
    /// ContentNegotiation.format(accept: ["application/json"])                        // .json
    /// ContentNegotiation.format(accept: ["text/html,application/xhtml+xml,*/*;q=0.8"]) // .html
    /// ```
    package static func format(accept fields: [String]) -> LinkPageFormat {
        var json = Preference(), html = Preference()
        for field in fields { read(field, json: &json, html: &html) }
        return decide(json: json, html: html)
    }

    /// The format a request's `Accept` fields ask for.
    package static func format(_ request: HTTPRequest) -> LinkPageFormat {
        var json = Preference(), html = Preference()
        // Most requests (wrk, curl, a phone's browser opening a link) have at most one field.
        for field in request.headers.fields where field.name.equalsIgnoringASCIICase("Accept") {
            read(field.value, json: &json, html: &html)
        }
        return decide(json: json, html: html)
    }

    /// Rule 4: JSON only when it is acceptable and preferred to HTML.
    private static func decide(json: Preference, html: Preference) -> LinkPageFormat {
        json.weight > 0 && json.weight > html.weight ? .json : .html
    }

    /// Reads one field's value, in place when its bytes are contiguous (header values are).
    private static func read(_ field: String, json: inout Preference, html: inout Preference) {
        if field.utf8.withContiguousStorageIfAvailable({ read($0, json: &json, html: &html) }) == nil {
            Array(field.utf8).withUnsafeBufferPointer { read($0, json: &json, html: &html) }
        }
    }

    /// True when the request prefers JSON (`format(_:) == .json`).
    package static func prefersJSON(_ request: HTTPRequest) -> Bool {
        format(request) == .json
    }

    /// A representation's quality so far: the weight of the most specific range that matched.
    package struct Preference {
        /// 0 none, 1 `*/*`, 2 `type/*`, 3 the type itself.
        package var specificity = 0
        /// In thousandths, as qvalues are written.
        package var weight = 0

        package mutating func offer(specificity: Int, weight: Int) {
            if specificity > self.specificity {
                self.specificity = specificity
                self.weight = weight
            } else if specificity == self.specificity {
                self.weight = max(self.weight, weight)
            }
        }
    }

    /// Reads one field's media ranges into the two preferences, in one pass over its bytes:
    /// `#( media-range [ weight ] )`, a media range being `type "/" subtype *( OWS ";" OWS
    /// parameter )` and the weight the parameter named `q` (quoted strings may hold `,` and `;`).
    private static func read(_ field: UnsafeBufferPointer<UInt8>, json: inout Preference, html: inout Preference) {
        let count = field.count
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        // Every delimiter is at or below `;` (0x3B), so a letter costs one comparison.
        func endsName(_ byte: UInt8) -> Bool {
            byte <= UInt8(ascii: ";") && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || isSpace(byte))
        }
        while index < count {
            while index < count, isSpace(field[index]) || field[index] == UInt8(ascii: ",") { index += 1 }
            guard index < count else { return }
            let typeStart = index
            while index < count, !endsName(field[index]) { index += 1 }
            let typeEnd = index
            var subtypeStart = index, subtypeEnd = index
            if index < count, field[index] == UInt8(ascii: "/") {
                index += 1
                subtypeStart = index
                // A `/` inside the subtype is not a token character: the range is then malformed.
                while index < count, !endsName(field[index]) { index += 1 }
                subtypeEnd = index
            }
            var weight = 1000
            var valid = subtypeEnd > subtypeStart && typeEnd > typeStart
            var weighed = false
            // Parameters, up to the `,` that ends the range.
            while index < count, field[index] != UInt8(ascii: ",") {
                guard field[index] == UInt8(ascii: ";") else {
                    if !isSpace(field[index]) { valid = false }
                    index = skipValue(field, from: index)
                    continue
                }
                index += 1
                while index < count, isSpace(field[index]) { index += 1 }
                let nameStart = index
                while index < count, field[index] != UInt8(ascii: "="), field[index] != UInt8(ascii: ";"),
                      field[index] != UInt8(ascii: ",") { index += 1 }
                let isWeight = !weighed && index - nameStart == 1 && ASCIICase.lowercased(field[nameStart]) == UInt8(ascii: "q")
                guard index < count, field[index] == UInt8(ascii: "=") else { continue }
                index += 1
                let valueStart = index
                index = skipValue(field, from: index)
                guard isWeight else { continue }
                weighed = true
                var valueEnd = index
                while valueEnd > valueStart, isSpace(field[valueEnd - 1]) { valueEnd -= 1 }
                if let value = qvalue(field[valueStart..<valueEnd]) { weight = value } else { valid = false }
            }
            if valid {
                offer(UnsafeBufferPointer(rebasing: field[typeStart..<typeEnd]), UnsafeBufferPointer(rebasing: field[subtypeStart..<subtypeEnd]),
                      weight: weight, json: &json, html: &html)
            }
        }
    }

    /// Where a parameter value (a token, or a quoted string with `\` escapes) that starts at
    /// `start` ends: at the next `;` or `,` outside quotes, or the end of the field.
    private static func skipValue(_ field: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        var quoted = false
        while index < field.count {
            let byte = field[index]
            if quoted {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { quoted = false }
            } else if byte == UInt8(ascii: "\"") {
                quoted = true
            } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") {
                return index
            }
            index += 1
        }
        return field.count
    }

    /// Offers a media range's weight to the representations it matches, by its specificity.
    private static func offer(_ type: UnsafeBufferPointer<UInt8>, _ subtype: UnsafeBufferPointer<UInt8>, weight: Int,
                              json: inout Preference, html: inout Preference) {
        let anySubtype = subtype.count == 1 && subtype[0] == UInt8(ascii: "*")
        switch type.count {
        case 1 where type[0] == UInt8(ascii: "*"):
            guard anySubtype else { return }
            json.offer(specificity: 1, weight: weight)
            html.offer(specificity: 1, weight: weight)
        case 4 where ASCIICase.equal(type, token: "text"):
            if anySubtype {
                html.offer(specificity: 2, weight: weight)
            } else if ASCIICase.equal(subtype, token: "html") {
                html.offer(specificity: 3, weight: weight)
            }
        case 11 where ASCIICase.equal(type, token: "application"):
            if anySubtype {
                json.offer(specificity: 2, weight: weight)
            } else if ASCIICase.equal(subtype, token: "json")
                        || (subtype.count > 5 && ASCIICase.equal(UnsafeBufferPointer(rebasing: subtype[(subtype.count - 5)...]), token: "+json")) {
                json.offer(specificity: 3, weight: weight)
            } else if ASCIICase.equal(subtype, token: "xhtml+xml") {
                html.offer(specificity: 3, weight: weight)
            }
        default:
            return
        }
    }

    /// RFC 9110 §12.4.2: `"0" [ "." 0*3DIGIT ]` or `"1" [ "." 0*3"0" ]`, in thousandths; nil
    /// when malformed.
    package static func qvalue(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
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
}
