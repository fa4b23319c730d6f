/// The value of an `If-Match` or `If-None-Match` field: `*` or a list of entity tags
/// (RFC 9110 §13.1.1, §13.1.2).
public enum EntityTagCondition: Hashable, Sendable {
    case any
    case tags([EntityTag])

    /// Parses every field line of one header, joined as a list (RFC 9110 §5.3).
    ///
    /// - Returns: nil when no line is given.
    /// - Throws: `EntityTagConditionError` when a member is not `*` or a quoted tag.
    public static func parse(_ lines: [String]) throws(EntityTagConditionError) -> EntityTagCondition? {
        guard !lines.isEmpty else { return nil }
        var tags: [EntityTag] = []
        var sawAny = false
        for line in lines {
            var rest = Substring(line)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
                if rest.isEmpty { break }
                if rest.first == "*" {
                    sawAny = true
                    rest = rest.dropFirst()
                    continue
                }
                var isWeak = false
                if rest.hasPrefix("W/") {
                    isWeak = true
                    rest = rest.dropFirst(2)
                }
                guard rest.first == "\"" else { throw EntityTagConditionError(field: line) }
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else { throw EntityTagConditionError(field: line) }
                let opaque = rest[..<close]
                // etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3)
                guard opaque.unicodeScalars.allSatisfy({ $0.value == 0x21 || ($0.value >= 0x23 && $0.value != 0x7F) }) else {
                    throw EntityTagConditionError(field: line)
                }
                tags.append(EntityTag(opaqueTag: String(opaque), isWeak: isWeak))
                rest = rest[rest.index(after: close)...]
                guard rest.isEmpty || rest.first == "," || rest.first == " " || rest.first == "\t" else {
                    throw EntityTagConditionError(field: line)
                }
            }
        }
        if sawAny {
            // `*` is only valid alone (RFC 9110 §13.1.1: `"*" / #entity-tag`).
            guard tags.isEmpty else { throw EntityTagConditionError(field: lines.joined(separator: ", ")) }
            return .any
        }
        guard !tags.isEmpty else { throw EntityTagConditionError(field: lines.joined(separator: ", ")) }
        return .tags(tags)
    }
}

/// An `If-Match` or `If-None-Match` field that is neither `*` nor a list of quoted tags.
public struct EntityTagConditionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: String

    public var description: String {
        "The conditional header '\(field)' is not '*' or a list of quoted entity tags such as \"v12\"; send the ETag exactly as it was received."
    }
}
