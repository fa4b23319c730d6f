/// What a candidate route file does to one link (`LinkCheck`).
public enum LinkCheckStatus: String, Sendable, CaseIterable {
    /// No route in the candidate takes the link.
    case broken
    /// The candidate resolves it to another route or another stack.
    case moved
    /// It resolves in neither file: already dead today, so not the release's doing.
    case stale
    /// The same route and the same stack (and selection) in both.
    case same

    /// Whether this status of a live link fails the check.
    public var fails: Bool { self == .broken || self == .moved }
}
