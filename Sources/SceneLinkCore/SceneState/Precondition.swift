/// The conditions a write carries (`If-Match`, `If-None-Match`), evaluated by the store
/// against the current entity tag inside the write's transaction, so two devices never
/// silently overwrite each other.
///
/// Evaluation follows RFC 9110 §13.2.2: `If-Match` first (strong comparison; fails when
/// there is no current representation), then `If-None-Match` (weak comparison; `*` fails
/// when there is one).
///
/// ```swift
/// let createOnly = Precondition.ifNoneMatchAny
/// let update = Precondition.ifMatch([EntityTag.value(revision: 12)])
/// ```
public struct Precondition: Hashable, Sendable {
    public var ifMatch: EntityTagCondition?
    public var ifNoneMatch: EntityTagCondition?

    public init(ifMatch: EntityTagCondition? = nil, ifNoneMatch: EntityTagCondition? = nil) {
        self.ifMatch = ifMatch
        self.ifNoneMatch = ifNoneMatch
    }

    /// No condition: the write always applies.
    public static let none = Precondition()
    /// `If-None-Match: *`: create only.
    public static let ifNoneMatchAny = Precondition(ifNoneMatch: .any)
    /// `If-Match: *`: update only.
    public static let ifMatchAny = Precondition(ifMatch: .any)
    /// `If-Match: "tag", ...`: only when the current tag is one of these.
    public static func ifMatch(_ tags: [EntityTag]) -> Precondition { Precondition(ifMatch: .tags(tags)) }

    public var isNone: Bool { ifMatch == nil && ifNoneMatch == nil }

    /// True when the write may proceed, given the current tag (nil: nothing stored).
    public func isSatisfied(by current: EntityTag?) -> Bool {
        switch ifMatch {
        case nil: break
        case .any?: if current == nil { return false }
        case .tags(let tags)?:
            guard let current, tags.contains(where: { $0.matchesStrongly(current) }) else { return false }
        }
        switch ifNoneMatch {
        case nil: break
        case .any?: if current != nil { return false }
        case .tags(let tags)?:
            if let current, tags.contains(where: { $0.matchesWeakly(current) }) { return false }
        }
        return true
    }
}
