import SceneLinkCore

/// Recently read values, so that a restore of a value read before costs a dictionary lookup
/// on the caller's thread instead of a query and two thread hops.
///
/// Sound for the same reason as `SessionCache`: this process is the file's only writer, and
/// the writer updates or drops entries after each commit, before it answers the write. Reads
/// fill the cache; a write updates only a value that is already cached, so the cache holds the
/// read working set, not every save. `generation` closes the race of a reader that loaded a
/// row before a commit and inserts it after: a fill is accepted only if no write touched the
/// cache since the read began.
///
/// Entries are grouped by session and scene, so a scene replace, a scene delete or a session
/// delete drops just its own entries. Bounded by count and by bytes; a full cache starts over.
struct ValueCache {
    private var sessions: [SessionID: [SceneID: [ValueKey: StoredValue]]] = [:]
    private(set) var generation: UInt64 = 0
    private(set) var count = 0
    private(set) var bytes = 0
    let capacity: Int
    let byteCapacity: Int

    init(capacity: Int, byteCapacity: Int) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    func value(session: SessionID, scene: SceneID, key: ValueKey) -> StoredValue? {
        sessions[session]?[scene]?[key]
    }

    /// Caches a value read while `generation` was `readGeneration`.
    mutating func fill(_ value: StoredValue, session: SessionID, scene: SceneID, key: ValueKey, readGeneration: UInt64) {
        guard readGeneration == generation, capacity > 0, value.bytes.count <= byteCapacity / 16 else { return }
        if count >= capacity || bytes + value.bytes.count > byteCapacity { removeAll() }
        store(value, session: session, scene: scene, key: key)
    }

    /// After a committed write of a value: replaces the cached copy, if there is one.
    mutating func written(_ value: StoredValue, session: SessionID, scene: SceneID, key: ValueKey) {
        generation &+= 1
        guard self.value(session: session, scene: scene, key: key) != nil else { return }
        store(value, session: session, scene: scene, key: key)
    }

    mutating func invalidate(session: SessionID, scene: SceneID, key: ValueKey) {
        generation &+= 1
        if let old = sessions[session]?[scene]?.removeValue(forKey: key) {
            count -= 1
            bytes -= old.bytes.count
        }
    }

    mutating func invalidate(session: SessionID, scene: SceneID) {
        generation &+= 1
        if let old = sessions[session]?.removeValue(forKey: scene) { forget(old) }
    }

    mutating func invalidate(session: SessionID) {
        generation &+= 1
        if let old = sessions.removeValue(forKey: session) { for scene in old.values { forget(scene) } }
    }

    mutating func invalidateAll() {
        generation &+= 1
        removeAll()
    }

    private mutating func store(_ value: StoredValue, session: SessionID, scene: SceneID, key: ValueKey) {
        if let old = sessions[session, default: [:]][scene, default: [:]].updateValue(value, forKey: key) {
            bytes -= old.bytes.count
        } else {
            count += 1
        }
        bytes += value.bytes.count
    }

    private mutating func forget(_ scene: [ValueKey: StoredValue]) {
        count -= scene.count
        for value in scene.values { bytes -= value.bytes.count }
    }

    private mutating func removeAll() {
        sessions.removeAll()
        count = 0
        bytes = 0
    }
}
