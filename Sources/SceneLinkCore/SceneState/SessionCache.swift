/// Recently used sessions, so that authenticating a request costs a dictionary lookup instead
/// of a query. A store keeps one behind a lock and decides what makes an entry safe to use:
///
/// - the SQLite store is its database's only writer, and invalidates an entry after every
///   commit that changes the session;
/// - the PostgreSQL store shares its database with other instances. A session's id and token
///   hash never change, and its expiry only moves later, so a cached record is never too
///   generous; a session another instance deleted is caught by the store's next statement,
///   which checks that the session still exists.
///
/// A reader that loaded a row may race with a writer that changes it; `generation` closes
/// that race: a reader inserts only if no invalidation happened since it started reading.
public struct SessionCache: Sendable {
    private var entries: [SessionID: SessionRecord] = [:]
    /// Bumped by every invalidation; a reader notes it before it reads.
    public private(set) var generation: UInt64 = 0
    /// The most sessions kept; 0 keeps none.
    public let capacity: Int

    /// An empty cache that keeps at most `capacity` sessions (0 turns caching off).
    public init(capacity: Int) { self.capacity = capacity }

    /// The cached session with this id, or nil.
    public func session(id: SessionID) -> SessionRecord? { entries[id] }

    /// Caches a row read while `generation` was `readGeneration`; a row read before the
    /// latest invalidation may be stale and is dropped.
    public mutating func insert(_ session: SessionRecord, readGeneration: UInt64) {
        guard capacity > 0, readGeneration == generation else { return }
        // A full cache starts over rather than tracking recency: simple, and bounded.
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[session.id] = session
    }

    /// Forgets one session (it changed or is gone).
    public mutating func invalidate(_ id: SessionID) {
        generation &+= 1
        entries[id] = nil
    }

    /// Forgets every session.
    public mutating func invalidateAll() {
        generation &+= 1
        entries.removeAll()
    }
}
