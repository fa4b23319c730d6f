extension SceneStateEndpoints {
    /// What the repair hook made of a stored value.
    public enum RepairOutcome: Sendable, Equatable {
        /// The value is a CodableRepresentation; `bytes` is its longest valid prefix, and
        /// `dropped` the number of elements cut off (0 when nothing was stale).
        case repaired([UInt8], dropped: Int)
        /// The value is not a CodableRepresentation array; answered 422.
        case notNavigationPath
    }
}
