import SceneLinkCore

/// Recently used sessions, so that authenticating a request costs a dictionary lookup
/// instead of a query. Safe because this process is the database's only writer: every
/// change to a session goes through the writer, which invalidates the entry after commit.
///
/// A reader that loaded a row may race with a writer that changes it; `generation` closes
/// that race: a reader inserts only if no invalidation happened since it started reading.
struct SessionCache {
    private var entries: [SessionID: SessionRecord] = [:]
    private(set) var generation: UInt64 = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func session(id: SessionID) -> SessionRecord? { entries[id] }

    /// Caches a row read while `generation` was `readGeneration`.
    mutating func insert(_ session: SessionRecord, readGeneration: UInt64) {
        guard capacity > 0, readGeneration == generation else { return }
        // A full cache starts over rather than tracking recency: simple, and bounded.
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[session.id] = session
    }

    mutating func invalidate(_ id: SessionID) {
        generation &+= 1
        entries[id] = nil
    }

    mutating func invalidateAll() {
        generation &+= 1
        entries.removeAll()
    }
}
