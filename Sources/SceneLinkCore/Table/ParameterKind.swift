/// How a link parameter matches a segment (or a query item's value), and how its value
/// is written back into a link.
///
/// Rank at one trie node: every kind but `string` is a *typed* parameter and is tried
/// before a `String` parameter (see `RouteTrie`).
enum ParameterKind: Sendable, Equatable {
    case int, double, bool, uuid, string
    case intEnum(Set<Int>)
    case stringEnum(Set<String>)

    /// The item JSON for a decoded segment, or nil when the segment is not a value of this kind.
    ///
    /// - `Int`: optional `-` and ASCII digits that fit in 64 bits (`007` is 7);
    /// - `Double`: a decimal literal (`2.5`, `-1e3`), finite; written as `JSONEncoder` writes it;
    /// - `Bool`: exactly `true` or `false` (values are never case-folded);
    /// - `UUID`: 8-4-4-4-12 hex digits in either case, written uppercase as `UUID` encodes;
    /// - enums: exactly one of the raw values.
    func item(fromSegment text: String) -> JSONValue? {
        switch self {
        case .string:
            return .string(text)
        case .int:
            // Canonical digits are already what `JSONEncoder` writes: skip formatting.
            if ParameterKind.isCanonicalInt(text) { return .number(text) }
            return ParameterKind.parseInt(text).map { .number(String($0)) }
        case .intEnum(let raws):
            guard let value = ParameterKind.parseInt(text), raws.contains(value) else { return nil }
            return .number(String(value))
        case .stringEnum(let raws):
            return raws.contains(text) ? .string(text) : nil
        case .bool:
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            return nil
        case .double:
            guard !text.isEmpty, text.utf8.allSatisfy({ ParameterKind.isDecimalByte($0) }),
                  let value = Double(text), value.isFinite else { return nil }
            return .number(JSONWriter.canonicalDoubleText(value))
        case .uuid:
            return ParameterKind.canonicalUUID(text).map { .string($0) }
        }
    }

    /// The link text for an item of this kind (the inverse of `item(fromSegment:)`), or nil.
    func linkText(for item: JSONValue) -> String? {
        switch (self, item) {
        case (.string, .string(let text)): return text
        case (.stringEnum(let raws), .string(let text)): return raws.contains(text) ? text : nil
        case (.uuid, .string(let text)): return ParameterKind.canonicalUUID(text)
        case (.int, .number), (.intEnum, .number):
            guard let value = item.intValue else { return nil }
            if case .intEnum(let raws) = self, !raws.contains(value) { return nil }
            return String(value)
        case (.double, .number):
            return item.doubleValue.map(JSONWriter.canonicalDoubleText)
        case (.bool, .bool(let flag)): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// Whether one segment could match both kinds (two sibling parameters of equal rank).
    func overlaps(_ other: ParameterKind) -> Bool {
        switch (self, other) {
        case (.intEnum(let raws), _): return raws.contains { other.item(fromSegment: String($0)) != nil }
        case (_, .intEnum(let raws)): return raws.contains { item(fromSegment: String($0)) != nil }
        case (.stringEnum(let raws), _): return raws.contains { other.item(fromSegment: $0) != nil }
        case (_, .stringEnum(let raws)): return raws.contains { item(fromSegment: $0) != nil }
        case (.int, .double), (.double, .int): return true
        default: return self == other
        }
    }

    /// Whether a segment may take this parameter (`item(fromSegment:)` would not be nil).
    func matches(_ text: String) -> Bool {
        switch self {
        case .string: return true
        case .int: return ParameterKind.parseInt(text) != nil
        case .intEnum(let raws): return ParameterKind.parseInt(text).map(raws.contains) ?? false
        case .stringEnum(let raws): return raws.contains(text)
        case .bool: return text == "true" || text == "false"
        case .double, .uuid: return item(fromSegment: text) != nil
        }
    }

    /// Digits without a leading zero (or `0`), optionally negative, at most 18 digits.
    static func isCanonicalInt(_ text: String) -> Bool {
        isCanonicalInt(text.utf8)
    }

    /// `isCanonicalInt` on UTF-8 bytes.
    static func isCanonicalInt<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var utf8 = bytes[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        guard let first = utf8.first, utf8.count <= 18, first != UInt8(ascii: "0") || (utf8.count == 1 && bytes.count == 1) else {
            return false
        }
        return utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    static func parseInt(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        let digits = first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }

    static func isDecimalByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// `text` as an uppercase UUID string when it has the 8-4-4-4-12 hex form.
    static func canonicalUUID(_ text: String) -> String? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (offset, byte) in utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                out.append(byte)
            } else if (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 70) {
                out.append(byte)
            } else if byte >= 97 && byte <= 102 {
                out.append(byte - 32)
            } else {
                return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
