/// One page of the audit log, newest first, with the cursor of the next (older) page when there is one.
public struct AuditPage: Sendable, Equatable {
    public var entries: [AuditEntry]
    /// `AuditQuery.before` for the next page; nil on the last.
    public var nextCursor: Int64?

    public init(entries: [AuditEntry], nextCursor: Int64?) {
        self.entries = entries
        self.nextCursor = nextCursor
    }
}
