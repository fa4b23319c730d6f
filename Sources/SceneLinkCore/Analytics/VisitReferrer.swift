import SceneLinkText

/// What click analytics keeps of a visit's `Referer` header: the site the visitor came from,
/// never its path or query.
///
/// Normalisation, in order (each rule has a test in `VisitReferrerTests`):
/// 1. No header, an empty one (spaces and tabs only), or one that is not an absolute URL with
///    a scheme (RFC 3986 §3.1), or an `http(s)` URL with no host → `(direct)`.
/// 2. `android-app://PACKAGE/…` (what Android apps send, RFC-less but documented by Android)
///    → the package name, lower case (`com.google.android.gm`).
/// 3. `http` or `https` (any case) → the host of the authority, without userinfo and port,
///    lower case, without one trailing dot, then without a leading `www.` or `m.`.
/// 4. Any other scheme (`javascript:`, `data:`, `file:`, `about:`…) → `(other)`.
/// 5. A result longer than `maximumLength` bytes or with a byte outside `a-z 0-9 . - _`
///    (an IPv6 literal, a percent-escape, a raw international name, a space) → `(other)`, so
///    nothing odd is stored.
///
/// ```swift
/// VisitReferrer(referer: "https://www.Google.com:443/search?q=x").value   // "google.com"
/// VisitReferrer(referer: "android-app://com.slack/").value               // "com.slack"
/// VisitReferrer(referer: nil).value                                      // "(direct)"
/// ```
public struct VisitReferrer: Hashable, Sendable, CustomStringConvertible {
    /// The longest host kept (RFC 1035 §2.3.4: 253 bytes in text form).
    public static let maximumLength = 253
    /// No referrer, or one that cannot be read as a URL.
    public static let direct = VisitReferrer(value: "(direct)", isDirect: true)
    /// A referrer that is not a host worth storing as it is.
    public static let other = VisitReferrer(value: "(other)")

    /// A host or package name (`example.com`), `(direct)` or `(other)`.
    public let value: String
    /// Whether it is `direct`: told without comparing text (a visit asks on every count).
    public let isDirect: Bool

    public var description: String { value }

    private init(value: String, isDirect: Bool = false) {
        self.value = value
        self.isDirect = isDirect
    }

    /// Normalises a `Referer` field value; nil when the request had none.
    public init(referer: String?) {
        guard var referer else {
            self = .direct
            return
        }
        self = referer.withUTF8 { Self.normalise($0) }
    }

    /// One pass of index arithmetic over the field's bytes (it runs on every counted visit).
    private static func normalise(_ field: UnsafeBufferPointer<UInt8>) -> VisitReferrer {
        var start = 0, end = field.count
        while start < end, isSpace(field[start]) { start += 1 }
        while end > start, isSpace(field[end - 1]) { end -= 1 }
        guard start < end else { return .direct }
        // The scheme: a letter, then letters, digits, `+`, `-` and `.`, up to the first colon.
        guard isLetter(field[start]) else { return .direct }
        var colon = start + 1
        while colon < end, field[colon] != UInt8(ascii: ":") {
            guard isSchemeByte(field[colon]) else { return .direct }
            colon += 1
        }
        guard colon < end else { return .direct }
        let scheme = UnsafeBufferPointer(rebasing: field[start..<colon])
        let isHTTP = ASCIICase.equal(scheme, token: "https") || ASCIICase.equal(scheme, token: "http")
        guard isHTTP || ASCIICase.equal(scheme, token: "android-app") else { return .other }
        guard end - colon >= 3, field[colon + 1] == UInt8(ascii: "/"), field[colon + 2] == UInt8(ascii: "/") else {
            return .direct
        }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < end, !isAuthorityEnd(field[authorityEnd]) { authorityEnd += 1 }
        var name = authorityStart..<authorityEnd
        if isHTTP {
            name = LinkScanner.host(inAuthority: name, of: field)
            if name.count > 1, field[name.upperBound - 1] == UInt8(ascii: ".") { name = name.lowerBound..<(name.upperBound - 1) }
            if hasPrefix(field, name, "www.") { name = (name.lowerBound + 4)..<name.upperBound }
            else if hasPrefix(field, name, "m.") { name = (name.lowerBound + 2)..<name.upperBound }
        }
        guard !name.isEmpty else { return .direct }
        guard name.count <= maximumLength else { return .other }
        for index in name where !isKept(ASCIICase.lowercased(field[index])) { return .other }
        return VisitReferrer(value: String(unsafeUninitializedCapacity: name.count) { buffer in
            for (offset, index) in name.enumerated() { buffer[offset] = ASCIICase.lowercased(field[index]) }
            return name.count
        })
    }

    /// Whether `field[name]` starts with `lowercase` in any ASCII case (and has more after it).
    private static func hasPrefix(_ field: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard name.count > count else { return false }
        return ASCIICase.equal(field[name.lowerBound..<(name.lowerBound + count)], token: lowercase)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// A byte of a scheme after its first letter (RFC 3986 §3.1).
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
