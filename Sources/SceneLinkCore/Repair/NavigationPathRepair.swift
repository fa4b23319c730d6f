/// A stored CodableRepresentation cut to its longest valid prefix from the root side.
public struct NavigationPathRepair: Sendable, Equatable {
    /// The repaired CodableRepresentation (top first), compact.
    public var bytes: [UInt8]
    /// Elements kept (from the root).
    public var kept: Int
    /// Elements dropped (from the top).
    public var dropped: Int

    public init(bytes: [UInt8], kept: Int, dropped: Int) {
        self.bytes = bytes
        self.kept = kept
        self.dropped = dropped
    }
}
