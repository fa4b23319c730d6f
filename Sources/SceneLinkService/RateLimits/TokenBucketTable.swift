/// The token buckets of one class, for at most `capacity` clients, least recently seen
/// forgotten first: a flood of distinct addresses costs a fixed amount of memory.
///
/// Entries live in parallel arrays indexed by slot, chained from most to least recently
/// seen; a dictionary finds a key's slot. A full table reuses the least recently seen slot.
/// Memory at the bound: per entry 16 (key) + 8 (tokens) + 8 (last refill) + 8 (the two
/// chain links) = 40 bytes in the arrays, plus the dictionary's key and slot (20 bytes) at
/// no less than a quarter of its buckets free, about 52 bytes: at most about 92 bytes an
/// entry, 9.2 MB for 100,000 (docs/security.md). Not thread-safe: `RateLimiter` locks it.
struct TokenBucketTable {
    /// The outcome of one request's `take`.
    enum Decision: Equatable {
        /// A token was taken; `remaining` are left.
        case allowed(remaining: Int)
        /// No token: the next one is back in `retryAfterSeconds` (at least 1).
        case limited(retryAfterSeconds: Int)
    }

    let policy: RateLimitPolicy
    let capacity: Int
    private var slots: [RateLimitKey: Int32] = [:]
    private var keys: [RateLimitKey] = []
    private var tokens: [Double] = []
    private var refilled: [Int64] = []
    /// Chain links toward the most (`newer`) and least (`older`) recently seen; -1 ends them.
    private var newer: [Int32] = []
    private var older: [Int32] = []
    private var newest: Int32 = -1
    private var oldest: Int32 = -1

    init(policy: RateLimitPolicy, capacity: Int) {
        self.policy = policy
        self.capacity = max(1, capacity)
    }

    /// Clients remembered now.
    var count: Int { keys.count }

    /// Takes one token from `key`'s bucket at `now` (monotonic microseconds), refilling it
    /// first for the time since its last request. A client not remembered starts full.
    mutating func take(_ key: RateLimitKey, now: Int64) -> Decision {
        let slot: Int
        if let found = slots[key] {
            slot = Int(found)
            let elapsed = max(0, now - refilled[slot])
            tokens[slot] = min(Double(policy.count), tokens[slot] + Double(elapsed) * policy.tokensPerMicrosecond)
            refilled[slot] = now
            moveToFront(slot)
        } else {
            slot = insert(key, now: now)
        }
        if tokens[slot] >= 1 {
            tokens[slot] -= 1
            return .allowed(remaining: Int(tokens[slot]))
        }
        let wait = (1 - tokens[slot]) / policy.tokensPerMicrosecond
        return .limited(retryAfterSeconds: max(1, Int((wait / 1_000_000).rounded(.up))))
    }

    /// A full bucket for `key`, in a new slot or the least recently seen one's.
    private mutating func insert(_ key: RateLimitKey, now: Int64) -> Int {
        let slot: Int
        if keys.count < capacity {
            slot = keys.count
            keys.append(key)
            tokens.append(Double(policy.count))
            refilled.append(now)
            newer.append(-1)
            older.append(-1)
        } else {
            slot = Int(oldest)
            unlink(slot)
            slots[keys[slot]] = nil
            keys[slot] = key
            tokens[slot] = Double(policy.count)
            refilled[slot] = now
        }
        slots[key] = Int32(slot)
        linkAtFront(slot)
        return slot
    }

    private mutating func moveToFront(_ slot: Int) {
        guard Int32(slot) != newest else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let before = newer[slot], after = older[slot]
        if before >= 0 { older[Int(before)] = after } else { newest = after }
        if after >= 0 { newer[Int(after)] = before } else { oldest = before }
        newer[slot] = -1
        older[slot] = -1
    }

    private mutating func linkAtFront(_ slot: Int) {
        older[slot] = newest
        newer[slot] = -1
        if newest >= 0 { newer[Int(newest)] = Int32(slot) }
        newest = Int32(slot)
        if oldest < 0 { oldest = Int32(slot) }
    }
}
