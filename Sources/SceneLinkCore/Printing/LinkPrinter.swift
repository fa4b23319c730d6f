/// Writes links: the inverse of `LinkScanner` for the values a route binds.
///
/// A segment keeps `A–Z a–z 0–9 - . _ ~ ! $ & ' ( ) * + , ; =` and percent-encodes every other
/// byte (so `/`, `?`, `#`, `%`, `:`, `@` and spaces never change how the link splits). Query
/// values additionally encode `&`, `=` and `+`.
public enum LinkPrinter {
    private static let segmentSafe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=".utf8) {
            table[Int(byte)] = true
        }
        return table
    }()

    /// A path segment: unreserved and sub-delimiter bytes kept, every other byte `%XX`.
    public static func encodeSegment(_ text: String) -> String { encode(text, query: false) }

    /// A query name or value: as a segment, with `&`, `=` and `+` encoded too.
    public static func encodeQuery(_ text: String) -> String { encode(text, query: true) }

    private static func encode(_ text: String, query: Bool) -> String {
        var utf8 = text
        // The table read once: a static read per byte would check its lazy initialisation each time.
        let table = segmentSafe
        let encoded = utf8.withUTF8 { bytes -> [UInt8]? in
            // Most texts need no escape: then the string itself, with no copy.
            if bytes.allSatisfy({ keeps($0, query: query, table) }) { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 3)
            append(bytes, query: query, to: &out)
            return out
        }
        return encoded.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Appends `text` as `encodeSegment` writes it, without building a string. The result
    /// never needs JSON escaping: it holds only segment-safe bytes and `%XX`.
    static func appendSegment(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        append(text, query: false, to: &out)
    }

    /// Whether a byte stays as it is in a segment (`query` false) or a query value;
    /// `table` is `segmentSafe`.
    @inline(__always)
    private static func keeps(_ byte: UInt8, query: Bool, _ table: [Bool]) -> Bool {
        table[Int(byte)] && !(query && (byte == 38 || byte == 61 || byte == 43))
    }

    /// Appends `text`'s bytes, each kept or written as `%XX`.
    private static func append(_ text: UnsafeBufferPointer<UInt8>, query: Bool, to out: inout [UInt8]) {
        let table = segmentSafe
        if text.allSatisfy({ keeps($0, query: query, table) }) {
            out.append(contentsOf: text)
            return
        }
        let hex: StaticString = "0123456789ABCDEF"
        hex.withUTF8Buffer { hex in
            for byte in text {
                if keeps(byte, query: query, table) {
                    out.append(byte)
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0x0F)])
                }
            }
        }
    }

    /// The segments that a rest value parses back to: split on `/`, except that a slash next
    /// to an empty piece is written as `%2F` inside its neighbour, because empty segments
    /// collapse when a link is read (`a//b` prints as `a%2F/b`, which reads back as `a//b`).
    public static func restSegments(_ value: String) -> [String]? {
        let pieces = value.split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        var current = encodeSegment(String(pieces[0]))
        for piece in pieces.dropFirst() {
            if current.isEmpty || piece.isEmpty {
                current += "%2F" + encodeSegment(String(piece))
            } else {
                segments.append(current)
                current = encodeSegment(String(piece))
            }
        }
        if !current.isEmpty { segments.append(current) }
        return segments.isEmpty ? nil : segments
    }

    /// The path and query of `route` with `values` bound (`settings/account?tab=2`), or nil
    /// when a path parameter has no value that prints.
    static func pathAndQuery(_ route: Route, values: [JSONValue?]) -> String? {
        // Built as bytes and made a string once: appending to a `String` piece by piece
        // cost several times more.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        var first = true
        for segment in route.segments {
            switch segment {
            case .literal(let literal):
                if !first { bytes.append(UInt8(ascii: "/")) }
                add(encodeSegment(literal))
            case .parameter(let index):
                guard let value = values[index], let printed = route.parameters[index].kind.linkText(for: value) else { return nil }
                if !first { bytes.append(UInt8(ascii: "/")) }
                add(encodeSegment(printed))
            case .rest(let index):
                guard let value = values[index]?.stringValue, let pieces = restSegments(value) else { return nil }
                for (offset, piece) in pieces.enumerated() {
                    if !first || offset > 0 { bytes.append(UInt8(ascii: "/")) }
                    add(piece)
                }
            }
            first = false
        }
        var separator = UInt8(ascii: "?")
        for item in route.query {
            guard let value = values[item.parameter] else {
                if item.defaultValue == nil { return nil }
                continue
            }
            if let defaultValue = item.defaultValue, defaultValue == value { continue }
            guard let printed = route.parameters[item.parameter].kind.linkText(for: value) else { return nil }
            bytes.append(separator)
            add(encodeQuery(item.name))
            bytes.append(UInt8(ascii: "="))
            add(encodeQuery(printed))
            separator = UInt8(ascii: "&")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
