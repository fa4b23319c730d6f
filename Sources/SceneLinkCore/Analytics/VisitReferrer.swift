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
    public static let direct = VisitReferrer(value: "(direct)")
    /// A referrer that is not a host worth storing as it is.
    public static let other = VisitReferrer(value: "(other)")

    /// A host or package name (`example.com`), `(direct)` or `(other)`.
    public let value: String

    public var description: String { value }

    private init(value: String) { self.value = value }

    /// Normalises a `Referer` field value; nil when the request had none.
    public init(referer: String?) {
        guard var referer else {
            self = .direct
            return
        }
        self = referer.withUTF8 { Self.normalise($0) }
    }

    private static func normalise(_ field: UnsafeBufferPointer<UInt8>) -> VisitReferrer {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = field.firstIndex(where: { !isSpace($0) }),
              let last = field.lastIndex(where: { !isSpace($0) }) else { return .direct }
        let text = UnsafeBufferPointer(rebasing: field[first...last])
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              RouteFileLoader.isSchemeSyntax(text[0..<colon]) else { return .direct }
        let scheme = text[0..<colon]
        let isHTTP = ASCIICase.equal(scheme, token: "https") || ASCIICase.equal(scheme, token: "http")
        let isAndroidApp = ASCIICase.equal(scheme, token: "android-app")
        guard isHTTP || isAndroidApp else { return .other }
        guard text.count >= colon + 3, text[colon + 1] == UInt8(ascii: "/"), text[colon + 2] == UInt8(ascii: "/") else {
            return .direct
        }
        let authorityStart = colon + 3
        let authorityEnd = text[authorityStart...].firstIndex(where: {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }) ?? text.count
        var name = isHTTP ? LinkScanner.host(inAuthority: authorityStart..<authorityEnd, of: text) : authorityStart..<authorityEnd
        if isHTTP {
            if name.count > 1, text[name.upperBound - 1] == UInt8(ascii: ".") { name = name.lowerBound..<(name.upperBound - 1) }
            if hasPrefix(text[name], "www.") { name = (name.lowerBound + 4)..<name.upperBound }
            else if hasPrefix(text[name], "m.") { name = (name.lowerBound + 2)..<name.upperBound }
        }
        guard !name.isEmpty else { return .direct }
        guard name.count <= maximumLength, text[name].allSatisfy({ isKept(ASCIICase.lowercased($0)) }) else { return .other }
        return VisitReferrer(value: String(decoding: text[name].lazy.map(ASCIICase.lowercased), as: UTF8.self))
    }

    /// Whether `bytes` start with `lowercase` in any ASCII case (and have more after it).
    private static func hasPrefix(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        return bytes.count > count && ASCIICase.equal(bytes.prefix(count), token: lowercase)
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
