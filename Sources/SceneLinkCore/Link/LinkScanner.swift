import SceneLinkText

/// The one reading of a link: every part of SceneLink that looks at a link (the resolver's
/// index, short links, link pages) reads it through `scan`, once, into a `ScannedLink` of
/// views over its bytes, or a `LinkScanFailure` that says what is wrong.
///
/// Normalisation (RFC 3986 §6), in the order the scan applies it; each rule has a test in
/// `LinkScannerTests`:
/// 1. Links longer than `maximumLength` bytes, and control characters anywhere, are invalid.
/// 2. The scheme (§3.1) is compared case-insensitively (§6.2.2.1).
/// 3. An `https` link needs `https://` and one of the app's hosts, compared case-insensitively
///    (§6.2.2.1). Userinfo and the port are not part of the match: the default port `:443` and
///    an empty port are dropped (§6.2.3), and so is any other (the host names the app; a
///    proxy in front decides the port).
/// 4. A link of an app scheme has no host: in `fuelmoney://settings/account` the first path
///    segment is `settings`, compared like any literal, case-sensitively.
/// 5. `#fragment` is dropped; the query starts at the first `?`.
/// 6. The path splits on `/`; empty segments vanish, so `//` collapses and a trailing `/` is
///    ignored. Dot segments are not removed (§6.2.2.3 applies to hierarchical paths on one
///    server, not to app screens): `.` and `..` are segments like any other, which no route
///    can declare, so such a link matches no route.
/// 7. Each segment is percent-decoded exactly once, after splitting (§6.2.2.2): `%61ccount`
///    is `account`, `%2F` stays inside its segment, `%2541` becomes `%41`. A malformed escape,
///    or one that decodes to bytes that are not UTF-8, makes the link invalid.
/// 8. Query items split on `&` and the first `=`; names and values are percent-decoded once
///    (`+` stays `+`), when a route with query items first needs them (`queryItems(of:)`).
///
/// A browser reads links by the WHATWG URL Standard, so a link it would read differently (another
/// host, another path) is refused rather than read another way (`scripts/whatwg_differential.py`
/// compares the two over thousands of links):
/// - a backslash or a space before the query (a browser reads `\` as `/` in an https link);
/// - userinfo in an https link (`https://evil.example\@host/` or `https://user@host/`), a `%` in
///   its host, a port that is not a number up to 65535;
/// - in a link of an app scheme written with `//`, a first segment a browser would read as a host
///   with userinfo or a port, or not at all (`@`, `:`, `<`, `>`, `[`, `]`, `^`, `|`);
/// - a dot segment, `.` or `..`, also percent-encoded (`%2e`): a browser removes it and the
///   segment before it.
///
/// The scan allocates nothing on the path every link takes: segments are written into the
/// caller's buffer as byte ranges of the link.
enum LinkScanner {
    /// The longest link read, in bytes.
    static let maximumLength = 8192
    /// The most path segments a link may have.
    static let maximumSegments = 128
    /// Room for the segments of nearly every link, on the stack (a temporary allocation of more
    /// than 1 KiB goes to the heap).
    static let inlineSegments = 32

    /// Reads `link` as one of the app's links: a scheme in `schemes` (lowercase), or `https`
    /// with a host in `hosts` (lowercase). Writes its path segments into `segments` as far as
    /// it has room; `segmentCount` above `segments.count` says the caller must scan again with
    /// room for that many (at most `maximumSegments`).
    static func scan(_ link: UnsafeBufferPointer<UInt8>, schemes: [String], hosts: [String],
                     segments: UnsafeMutableBufferPointer<LinkSegment>) -> Result<ScannedLink, LinkScanFailure> {
        guard !link.isEmpty else { return .failure(.invalid(reason: "it is empty; send a link such as scheme://path")) }
        guard link.count <= maximumLength else { return .failure(.invalid(reason: "it is longer than \(maximumLength) bytes")) }
        for byte in link where byte < 0x20 || byte == 0x7F {
            let index = link.firstIndex(where: { $0 < 0x20 || $0 == 0x7F }) ?? 0
            return .failure(.invalid(reason: "it contains a control character at byte \(index + 1); percent-encode it"))
        }
        guard let colon = link.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              RouteFileLoader.isSchemeSyntax(link[0..<colon]) else {
            return .failure(.invalid(reason: "it has no scheme; write it as scheme://path, like \(schemes.first ?? "https")://..."))
        }
        let scheme = 0..<colon
        var index = colon + 1
        let hasSlashes = index + 1 < link.count && link[index] == UInt8(ascii: "/") && link[index + 1] == UInt8(ascii: "/")
        if hasSlashes { index += 2 }
        let end = link[index...].firstIndex(of: UInt8(ascii: "#")) ?? link.count
        let pathEnd = link[index..<end].firstIndex(of: UInt8(ascii: "?")) ?? end
        let query = pathEnd < end ? (pathEnd + 1)..<end : nil
        var host: Range<Int>?
        if !hosts.isEmpty && ASCIICase.equal(link[scheme], token: "https") {
            guard hasSlashes else { return .failure(.invalid(reason: "an https link needs \"https://\" and a host")) }
            let authorityEnd = link[index..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            if let refusal = Self.authorityAmbiguity(link[index..<authorityEnd]) { return .failure(refusal) }
            let name = Self.host(inAuthority: index..<authorityEnd, of: link)
            guard !name.isEmpty else { return .failure(.invalid(reason: "it has no host after https://")) }
            guard hosts.contains(where: { ASCIICase.equal(link[name], lowercase: $0) }) else {
                return .failure(.unknownHost(host: String(decoding: link[name], as: UTF8.self).lowercased(), configured: hosts))
            }
            host = name
            index = authorityEnd
        } else if !schemes.contains(where: { ASCIICase.equal(link[scheme], lowercase: $0) }) {
            let configured = schemes.map { $0 + "://" } + hosts.map { "https://" + $0 }
            return .failure(.unknownScheme(scheme: String(decoding: link[scheme], as: UTF8.self).lowercased(), configured: configured))
        } else if hasSlashes {
            // Where a browser reads this link's host: its first segment must read the same as a host.
            let firstEnd = link[index..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            if let byte = link[index..<firstEnd].first(where: Self.isHostDelimiter) {
                let shown = String(decoding: link[index..<firstEnd], as: UTF8.self)
                return .failure(.invalid(reason: "its first segment \"\(shown)\" has '\(Character(Unicode.Scalar(byte)))', which a browser "
                                             + "reads as part of a host, a port or credentials; percent-encode it"))
            }
        }
        var scanned = ScannedLink(scheme: scheme, host: host, segmentCount: 0, query: query, hasEscapes: false, isASCII: true)
        var start = index
        // Set by a `%` or a byte outside ASCII in the segment being read: the segment is looked
        // at again, off the common path.
        var unusual = false
        var cursor = index
        while true {
            let atEnd = cursor == pathEnd
            let byte = atEnd ? UInt8(ascii: "/") : link[cursor]
            if byte != UInt8(ascii: "/") {
                // `%`, bytes outside ASCII, and the space and backslash a browser reads otherwise
                // (with the rare `!`, `"`, `$`) send the segment to the second look.
                if byte <= UInt8(ascii: "%") || byte == UInt8(ascii: "\\") || byte >= 0x80 { unusual = true }
                cursor += 1
                continue
            }
            if cursor > start {
                guard scanned.segmentCount < maximumSegments else {
                    return .failure(.invalid(reason: "it has more than \(maximumSegments) path segments"))
                }
                if unusual {
                    let raw = UnsafeBufferPointer(rebasing: link[start..<cursor])
                    if let refusal = Self.ambiguity(in: raw) { return .failure(refusal) }
                    if raw.contains(where: { $0 >= 0x80 }) { scanned.isASCII = false }
                    if raw.contains(UInt8(ascii: "%")) {
                        // The named branch for escapes: checked here, decoded by `decodeSegments`.
                        guard PercentDecoding.isDecodable(utf8: raw) else {
                            return .failure(.invalid(reason: "the segment \"\(String(decoding: raw, as: UTF8.self))\" has a malformed percent-escape; write '%' as %25"))
                        }
                        scanned.hasEscapes = true
                    }
                }
                if cursor - start <= 6, link[start] == UInt8(ascii: ".") || link[start] == UInt8(ascii: "%"),
                   Self.isDotSegment(UnsafeBufferPointer(rebasing: link[start..<cursor])) {
                    let shown = String(decoding: link[start..<cursor], as: UTF8.self)
                    return .failure(.invalid(reason: "it has the dot segment \"\(shown)\", which a browser removes with the segment "
                                                 + "before it; write the path without it"))
                }
                if scanned.segmentCount < segments.count {
                    segments[scanned.segmentCount] = LinkSegment(start: start, end: cursor)
                }
                scanned.segmentCount += 1
            }
            if atEnd { break }
            cursor += 1
            start = cursor
            unusual = false
        }
        return .success(scanned)
    }

    /// Whether a browser reads `byte` as part of a host's syntax (userinfo, port, IPv6 brackets) or
    /// refuses it in one: what the first segment of an app-scheme link written with `//` must not hold.
    static func isHostDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "^"), UInt8(ascii: "|"): true
        default: false
        }
    }

    /// Why a part of a link before its query would read differently in a browser: a backslash
    /// or a space; nil when it has neither.
    static func ambiguity(in part: UnsafeBufferPointer<UInt8>) -> LinkScanFailure? {
        guard let index = part.firstIndex(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: " ") }) else { return nil }
        return part[index] == UInt8(ascii: " ")
            ? .invalid(reason: "it has a space before its query; percent-encode it as %20")
            : .invalid(reason: "it has a backslash before its query, which a browser reads as '/'; write '/' or percent-encode it as %5C")
    }

    /// Why an https link's authority would read differently in a browser, or not at all: userinfo,
    /// a `%` in the host, a port that is not a number up to 65535; nil when it has none.
    static func authorityAmbiguity(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> LinkScanFailure? {
        // Indexed from 0 as a buffer of its own: a Slice's generic `indices` looked up type
        // metadata on every link.
        let authority = UnsafeBufferPointer(rebasing: slice)
        // One pass: what refuses at once, and where the port's colon is (the last one after an
        // IPv6 literal's closing bracket, if any).
        var portColon: Int?
        for index in 0..<authority.count {
            let byte = authority[index]
            // Lowercase letters, digits, dots and hyphens, nearly every byte of a host, need no look.
            if (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") {
                continue
            }
            switch byte {
            case UInt8(ascii: "@"):
                return .invalid(reason: "it has credentials (user@) before its host, which a browser reads differently; send the link without them")
            case UInt8(ascii: "%"):
                return .invalid(reason: "its host has a percent-escape; write the host as it is")
            case UInt8(ascii: "\\"), UInt8(ascii: " "):
                return ambiguity(in: authority)
            case UInt8(ascii: "]"): portColon = nil
            case UInt8(ascii: ":"): portColon = index
            default: continue
            }
        }
        if let colon = portColon {
            let port = UnsafeBufferPointer(rebasing: authority[(colon + 1)..<authority.count])
            guard port.allSatisfy({ $0 >= 48 && $0 <= 57 }), port.count <= 5, (Int(String(decoding: port, as: UTF8.self)) ?? 0) <= 65_535 else {
                return .invalid(reason: "its port \"\(String(decoding: port, as: UTF8.self))\" is not a number from 0 to 65535")
            }
        }
        return nil
    }

    /// Whether a raw segment is `.` or `..`, also with its dots percent-encoded (`%2e`, any case).
    static func isDotSegment(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var dots = 0, index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: ".") {
                index += 1
            } else if index + 2 < raw.count, raw[index] == UInt8(ascii: "%"), raw[index + 1] == UInt8(ascii: "2"),
                      raw[index + 2] | 0x20 == UInt8(ascii: "e") {
                index += 3
            } else {
                return false
            }
            dots += 1
        }
        return dots == 1 || dots == 2
    }

    /// The host of an authority (`user@host:port`): without userinfo and without a numeric
    /// (or empty) port. IPv6 literals keep their brackets.
    static func host(inAuthority authority: Range<Int>, of link: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var host = authority
        if let at = link[host].lastIndex(of: UInt8(ascii: "@")) { host = (at + 1)..<host.upperBound }
        if let colon = link[host].lastIndex(of: UInt8(ascii: ":")),
           link[(colon + 1)..<host.upperBound].allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            host = host.lowerBound..<colon
        }
        return host
    }

    /// The host an HTTP `Host` field names (RFC 9110 §7.2: `host[:port]`), lowercased, when it
    /// is one of `hosts`; nil otherwise.
    static func listedHost(inHostField field: String, hosts: [String]) -> String? {
        var field = field
        return field.withUTF8 { bytes in
            let name = host(inAuthority: 0..<bytes.count, of: bytes)
            return hosts.first { ASCIICase.equal(bytes[name], lowercase: $0) }
        }
    }

    /// The items of a raw query (after `?`), each name and value percent-decoded once, in
    /// order; nil when an escape is malformed.
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
}
