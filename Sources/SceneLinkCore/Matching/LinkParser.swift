import SceneLinkText

/// Splits a link into the segments and query items routes are matched against.
///
/// Normalisation rules, in order (each has a test in `LinkParserTests`):
/// 1. The scheme (RFC 3986 §3.1) is compared case-insensitively.
/// 2. A custom scheme has no host: `fuelmoney://settings/account` routes `/settings/account`
///    (the "host" is the first path segment, compared like any literal: case-sensitively).
/// 3. `https` links need a listed host, compared case-insensitively; userinfo and port are ignored.
/// 4. `#fragment` is dropped; the query starts at the first `?`.
/// 5. The path is split on `/`; empty segments vanish, so `//` collapses and a trailing `/`
///    is ignored.
/// 6. Each segment is percent-decoded exactly once, after splitting (`%2F` stays inside its
///    segment, `%2541` becomes `%41`). A malformed escape makes the link invalid.
/// 7. Query items split on `&` and the first `=`; names and values are percent-decoded once
///    (`+` stays `+`). The first occurrence of a name wins.
/// 8. Control characters, and links longer than `maximumLength` bytes or with more than
///    `maximumSegments` segments, are invalid.
struct LinkParser {
    static let maximumLength = 8192
    static let maximumSegments = 128

    struct Parsed {
        var segments: [String]
        var query: [UInt8]?

        /// `/a/b` with each segment written back percent-encoded where needed.
        var normalisedPath: String {
            "/" + segments.map(LinkPrinter.encodeSegment).joined(separator: "/")
        }
    }

    /// The items of a raw query (after `?`), decoded; nil when an escape is malformed.
    static func queryItems<C: Collection>(of query: C) -> [(name: String, value: String)]? where C.Element == UInt8 {
        var items: [(name: String, value: String)] = []
        for pair in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let name = pair[pair.startIndex..<(equals ?? pair.endIndex)]
            let value = equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...]
            guard let decodedName = PercentDecoding.decode(utf8: name),
                  let decodedValue = PercentDecoding.decode(utf8: value) else { return nil }
            items.append((name: decodedName, value: decodedValue))
        }
        return items
    }

    static func parse(_ link: String, schemes: [String], hosts: [String]) throws(ResolveError) -> Parsed {
        var text = link
        // Native strings are contiguous UTF-8 already: read them in place, without a copy.
        let result = text.withUTF8 { bytes in parse(bytes, link: link, schemes: schemes, hosts: hosts) }
        return try result.get()
    }

    /// The host of an https link's authority: without `user@` and without a numeric `:port`.
    static func host(inAuthority authority: UnsafeBufferPointer<UInt8>.SubSequence) -> UnsafeBufferPointer<UInt8>.SubSequence {
        var host = authority
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        if let portColon = host.lastIndex(of: UInt8(ascii: ":")),
           host[(portColon + 1)...].allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            host = host[host.startIndex..<portColon]
        }
        return host
    }

    /// Whether `bytes` equal `lowercase` ignoring ASCII case.
    static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, _ lowercase: String) -> Bool {
        var lowercase = lowercase
        // Over the string's own bytes: iterating its UTF-8 view costs several times more.
        return lowercase.withUTF8 { expected in
            guard bytes.count == expected.count else { return false }
            var index = bytes.startIndex
            for byte in expected {
                let given = bytes[index]
                if (given >= 65 && given <= 90 ? given | 0x20 : given) != byte { return false }
                index += 1
            }
            return true
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, link: String, schemes: [String],
                              hosts: [String]) -> Result<Parsed, ResolveError> {
        func invalid(_ reason: String) -> Result<Parsed, ResolveError> { .failure(.invalidLink(link: link, reason: reason)) }
        guard !bytes.isEmpty else { return invalid("it is empty; send a link such as scheme://path") }
        guard bytes.count <= maximumLength else { return invalid("it is longer than \(maximumLength) bytes") }
        if let control = bytes.firstIndex(where: { $0 < 0x20 || $0 == 0x7F }) {
            return invalid("it contains a control character at byte \(control + 1); percent-encode it")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              RouteFileLoader.isSchemeSyntax(bytes[0..<colon]) else {
            return invalid("it has no scheme; write it as scheme://path, like \(schemes.first ?? "https")://...")
        }
        let schemeBytes = bytes[0..<colon]
        var index = colon + 1
        let hasSlashes = index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
        if hasSlashes { index += 2 }
        var end = bytes.count
        if let hash = bytes[index...].firstIndex(of: UInt8(ascii: "#")) { end = hash }
        var query: [UInt8]?
        var pathEnd = end
        if let question = bytes[index..<end].firstIndex(of: UInt8(ascii: "?")) {
            pathEnd = question
            query = Array(bytes[(question + 1)..<end])
        }
        if !hosts.isEmpty && equalsLowercased(schemeBytes, "https") {
            guard hasSlashes else { return invalid("an https link needs \"https://\" and a host") }
            let authorityEnd = bytes[index..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            let authority = host(inAuthority: bytes[index..<authorityEnd])
            guard !authority.isEmpty else { return invalid("it has no host after https://") }
            guard hosts.contains(where: { equalsLowercased(authority, $0) }) else {
                return .failure(.unknownHost(host: String(decoding: authority, as: UTF8.self).lowercased(), configured: hosts))
            }
            index = authorityEnd
        } else if !schemes.contains(where: { equalsLowercased(schemeBytes, $0) }) {
            var configured = schemes.map { $0 + "://" }
            configured += hosts.map { "https://" + $0 }
            return .failure(.unknownScheme(scheme: String(decoding: schemeBytes, as: UTF8.self).lowercased(), configured: configured))
        }
        var segments: [String] = []
        segments.reserveCapacity(8)
        var start = index
        var cursor = index
        while cursor <= pathEnd {
            if cursor == pathEnd || bytes[cursor] == UInt8(ascii: "/") {
                if cursor > start {
                    guard segments.count < maximumSegments else { return invalid("it has more than \(maximumSegments) path segments") }
                    let raw = bytes[start..<cursor]
                    if raw.contains(UInt8(ascii: "%")) {
                        guard let decoded = PercentDecoding.decode(utf8: raw) else {
                            return invalid("the segment \"\(String(decoding: raw, as: UTF8.self))\" has a malformed percent-escape; write '%' as %25")
                        }
                        segments.append(decoded)
                    } else {
                        segments.append(String(decoding: raw, as: UTF8.self))
                    }
                }
                start = cursor + 1
            }
            cursor += 1
        }
        return .success(Parsed(segments: segments, query: query))
    }
}
