/// Which audit entries to read: newest first, at most `limit`, older than the entry `before`
/// (the previous page's `nextCursor`), and only those of `subject` or `actor` when given (exact matches).
public struct AuditQuery: Sendable, Equatable {
    public var limit: Int
    public var before: Int64?
    public var subject: String?
    public var actor: String?

    public init(limit: Int, before: Int64? = nil, subject: String? = nil, actor: String? = nil) {
        self.limit = limit
        self.before = before
        self.subject = subject
        self.actor = actor
    }

    /// Whether `entry` passes the filters (not the page's bounds).
    public func matches(_ entry: AuditEntry) -> Bool {
        (before.map { entry.sequence < $0 } ?? true) && (subject.map { entry.subject == $0 } ?? true)
            && (actor.map { entry.actor == $0 } ?? true)
    }
}
