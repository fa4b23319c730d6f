/// A label that groups short links (`GET /v1/short-links?tag=spring`): 1 to 40 characters of
/// lowercase `a-z`, `0-9`, `-` and `_`. Lowercase only, so one label is never two tags that
/// differ in case; a link has at most `ShortLink.maximumTagCount` of them.
///
/// ```swift
/// let tag = try ShortLinkTag("spring-2027")
/// ```
public struct ShortLinkTag: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The longest tag accepted.
    public static let maximumLength = 40

    public let rawValue: String

    /// Validates a tag.
    /// - Throws: `ShortLinkTagError` when it is empty, longer than `maximumLength`, or has a
    ///   character outside `a-z 0-9 - _`.
    public init(_ rawValue: String) throws(ShortLinkTagError) {
        if rawValue.isEmpty { throw ShortLinkTagError(value: rawValue, reason: .empty) }
        if rawValue.utf8.count > Self.maximumLength {
            throw ShortLinkTagError(value: rawValue, reason: .tooLong(maximum: Self.maximumLength))
        }
        for scalar in rawValue.unicodeScalars where !(scalar.isASCII && Self.isAllowed(UInt8(scalar.value))) {
            throw ShortLinkTagError(value: rawValue, reason: .invalidCharacter(Character(scalar)))
        }
        self.rawValue = rawValue
    }

    /// Tags as stores keep them: each once, in ascending order.
    public static func normalized(_ tags: some Sequence<ShortLinkTag>) -> [ShortLinkTag] {
        Array(Set(tags)).sorted()
    }

    /// Tags stored as one space-separated text (the order and repetitions of `text` do not
    /// matter); a word that is not a valid tag is skipped, not fatal.
    public static func stored(_ text: String) -> [ShortLinkTag] {
        normalized(text.split(separator: " ").compactMap { try? ShortLinkTag(String($0)) })
    }

    public static func < (lhs: ShortLinkTag, rhs: ShortLinkTag) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

extension ShortLinkTag {
    /// Another service's tag made one of these: lower-cased, each run of characters a tag cannot
    /// hold made one `-`, trimmed of `-` and cut to `maximumLength` (`Spring Sale!` → `spring-sale`);
    /// nil when nothing is left.
    public static func imported(_ text: String) -> ShortLinkTag? {
        var bytes: [UInt8] = []
        for byte in text.lowercased().utf8 {
            if isAllowed(byte) {
                bytes.append(byte)
            } else if bytes.last != UInt8(ascii: "-") {
                bytes.append(UInt8(ascii: "-"))
            }
        }
        let trimmed = bytes.drop { $0 == UInt8(ascii: "-") }.reversed().drop { $0 == UInt8(ascii: "-") }.reversed()
        let cut = String(decoding: Array(trimmed).prefix(maximumLength), as: UTF8.self)
        return try? ShortLinkTag(String(cut.reversed().drop { $0 == "-" }.reversed()))
    }
}
