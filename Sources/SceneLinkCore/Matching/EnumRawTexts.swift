/// An enum parameter kind's raw values as the bytes of their canonical segments (`2`,
/// `Item3`): `ResolveIndex` checks a segment against them without building a `String` or
/// hashing it.
struct EnumRawTexts: Sendable {
    /// Whether the raw values are `Int`s (values are numbers), not `String`s.
    let isInt: Bool
    let texts: [[UInt8]]

    /// The texts of an enum kind; nil for other kinds, for `String` raw values that are not
    /// all ASCII (`String` equality is canonical equivalence: the Kelvin sign equals `K`, so
    /// only a `Set<String>` answers for those), and for enums with many cases (hashing then
    /// beats comparing with each).
    init?(_ kind: ParameterKind) {
        switch kind {
        case .intEnum(let raws):
            isInt = true
            texts = raws.sorted().map { Array(String($0).utf8) }
        case .stringEnum(let raws):
            guard raws.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
            isInt = false
            texts = raws.sorted().map { Array($0.utf8) }
        default:
            return nil
        }
        guard texts.count <= EnumRawTexts.maximumCount else { return nil }
    }

    /// The most raw values compared one by one.
    static let maximumCount = 32

    /// Whether an ASCII `segment` is one of the raw values: what `ParameterKind.matches`
    /// answers. Nil when only `ParameterKind` can tell: an `Int` not in canonical form
    /// (`007`, `-0`, more than 18 digits), which the kind parses.
    func contains(_ segment: UnsafeRawBufferPointer) -> Bool? {
        if isInt && !ParameterKind.isCanonicalInt(segment) { return nil }
        for text in texts where text.count == segment.count && segment.elementsEqual(text) { return true }
        return false
    }
}
