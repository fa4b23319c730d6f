import Foundation

/// The token buckets of one class, for at most `capacity` clients, least recently seen
/// forgotten first: a flood of distinct addresses costs a fixed amount of memory.
///
/// Every request of a limited class passes through `take`, so it is built for that: one
/// allocation of entries and one of an open-addressing index (linear probing, at most half
/// full, deletion by backward shift), both made once with `calloc` and freed in `deinit`; a
/// seeded multiply–xorshift hash of the 128-bit key, so a client cannot choose colliding
/// addresses without knowing the seed; the entries chained from most to least recently seen.
///
/// Memory at the bound: a 40-byte entry per client, plus the index's 4-byte slots, at least
/// twice as many as clients: 40 + 8 = 48 bytes a client when the capacity is a power of two,
/// up to 56 otherwise; 100,000 clients take 4.0 MB of entries and 1.0 MB of index (the pages
/// are touched only as clients arrive). Not thread-safe: `RateLimiter` holds it in a `Mutex`.
package struct TokenBucketTable: ~Copyable {
    /// The outcome of one request's `take`.
    package enum Decision: Equatable {
        /// A token was taken; `remaining` are left.
        case allowed(remaining: Int)
        /// No token: the next one is back in `retryAfterSeconds` (at least 1).
        case limited(retryAfterSeconds: Int)
    }

    /// One client's bucket and its place in the recency chain.
    private struct Entry {
        var high: UInt64
        var low: UInt64
        var tokens: Double
        var refilled: Int64
        /// Toward the most (`newer`) and least (`older`) recently seen; -1 ends the chain.
        var newer: Int32
        var older: Int32
    }

    package let policy: RateLimitPolicy
    package let capacity: Int
    /// Clients remembered now.
    private(set) var count = 0
    private let entries: UnsafeMutablePointer<Entry>
    /// Entry index + 1 per slot; 0 is an empty slot.
    private let index: UnsafeMutablePointer<Int32>
    private let indexMask: Int
    private let seed: UInt64
    private let burst: Double
    private let tokensPerMicrosecond: Double
    private var newest: Int32 = -1
    private var oldest: Int32 = -1

    /// The memory one table of `capacity` clients takes at most, in bytes.
    package static func bytes(capacity: Int) -> Int {
        MemoryLayout<Entry>.stride * capacity + MemoryLayout<Int32>.stride * indexSize(capacity)
    }

    private static func indexSize(_ capacity: Int) -> Int {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        return size
    }

    package init(policy: RateLimitPolicy, capacity: Int, seed: UInt64 = UInt64.random(in: .min ... .max)) {
        self.policy = policy
        self.capacity = max(1, min(capacity, Int(Int32.max / 2)))
        let size = Self.indexSize(self.capacity)
        // calloc: the pages stay untouched (and out of the resident set) until clients arrive.
        let rawEntries = calloc(self.capacity, MemoryLayout<Entry>.stride)
        let rawIndex = calloc(size, MemoryLayout<Int32>.stride)
        guard let rawEntries, let rawIndex else {
            // Out of memory at startup: nothing sensible to serve with.
            fatalError("cannot allocate \(Self.bytes(capacity: self.capacity)) bytes for the rate-limit table")
        }
        entries = rawEntries.bindMemory(to: Entry.self, capacity: self.capacity)
        index = rawIndex.bindMemory(to: Int32.self, capacity: size)
        indexMask = size - 1
        self.seed = seed | 1
        burst = Double(policy.count)
        tokensPerMicrosecond = policy.tokensPerMicrosecond
    }

    deinit {
        free(entries)
        free(index)
    }

    /// Takes one token from `key`'s bucket at `now` (monotonic microseconds), refilling it
    /// first for the time since its last request. A client not remembered starts full.
    package mutating func take(_ key: RateLimitKey, now: Int64) -> Decision {
        var slot = home(key)
        var found: Int = -1
        while true {
            let stored = Int(index[slot])
            if stored == 0 { break }
            if entries[stored - 1].high == key.high, entries[stored - 1].low == key.low {
                found = stored - 1
                break
            }
            slot = (slot + 1) & indexMask
        }
        let entry: Int
        if found >= 0 {
            entry = found
            let elapsed = Double(max(0, now - entries[entry].refilled))
            entries[entry].tokens = min(burst, entries[entry].tokens + elapsed * tokensPerMicrosecond)
            entries[entry].refilled = now
            moveToFront(entry)
        } else {
            entry = insert(key, now: now, emptySlot: slot)
        }
        let tokens = entries[entry].tokens
        if tokens >= 1 {
            entries[entry].tokens = tokens - 1
            return .allowed(remaining: Int(tokens - 1))
        }
        return refusal(tokens: tokens)
    }

    /// What `take` would decide for `key` at `now`, without taking a token, refilling, or
    /// remembering a new client (one not remembered has a full bucket).
    package func peek(_ key: RateLimitKey, now: Int64) -> Decision {
        var slot = home(key)
        while true {
            let stored = Int(index[slot])
            if stored == 0 { return .allowed(remaining: Int(burst)) }
            if entries[stored - 1].high == key.high, entries[stored - 1].low == key.low { break }
            slot = (slot + 1) & indexMask
        }
        let entry = Int(index[slot]) - 1
        let elapsed = Double(max(0, now - entries[entry].refilled))
        let tokens = min(burst, entries[entry].tokens + elapsed * tokensPerMicrosecond)
        if tokens >= 1 { return .allowed(remaining: Int(tokens)) }
        return refusal(tokens: tokens)
    }

    /// `.limited` for a bucket holding `tokens` (< 1): the wait until one is whole.
    private func refusal(tokens: Double) -> Decision {
        let wait = (1 - tokens) / tokensPerMicrosecond
        return .limited(retryAfterSeconds: max(1, Int((wait / 1_000_000).rounded(.up))))
    }

    /// The index slot `key` hashes to.
    private func home(_ key: RateLimitKey) -> Int {
        var hash = (key.high ^ seed) &* 0x9E37_79B9_7F4A_7C15
        hash ^= key.low &+ (hash >> 29)
        hash = (hash ^ (hash >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & indexMask
    }

    /// A full bucket for `key` in a new entry, or in the least recently seen one's.
    private mutating func insert(_ key: RateLimitKey, now: Int64, emptySlot: Int) -> Int {
        var slot = emptySlot
        let entry: Int
        if count < capacity {
            entry = count
            count += 1
        } else {
            entry = Int(oldest)
            unlink(entry)
            removeFromIndex(entry)
            // The removal may have shifted entries into the slot found empty: search again.
            slot = home(key)
            while index[slot] != 0 { slot = (slot + 1) & indexMask }
        }
        entries[entry] = Entry(high: key.high, low: key.low, tokens: burst, refilled: now, newer: -1, older: -1)
        index[slot] = Int32(entry + 1)
        linkAtFront(entry)
        return entry
    }

    /// Empties `entry`'s index slot, shifting later entries of its probe run back so that
    /// every key stays reachable from its home slot (linear probing's deletion).
    private mutating func removeFromIndex(_ entry: Int) {
        let key = RateLimitKey(high: entries[entry].high, low: entries[entry].low)
        var hole = home(key)
        while Int(index[hole]) != entry + 1 { hole = (hole + 1) & indexMask }
        index[hole] = 0
        var next = (hole + 1) & indexMask
        while index[next] != 0 {
            let moved = Int(index[next]) - 1
            let wanted = home(RateLimitKey(high: entries[moved].high, low: entries[moved].low))
            // Move it into the hole unless its home lies cyclically in (hole, next].
            let distanceToHole = (hole - wanted) & indexMask, distanceToNext = (next - wanted) & indexMask
            if distanceToHole < distanceToNext {
                index[hole] = index[next]
                index[next] = 0
                hole = next
            }
            next = (next + 1) & indexMask
        }
    }

    private mutating func moveToFront(_ entry: Int) {
        guard Int32(entry) != newest else { return }
        unlink(entry)
        linkAtFront(entry)
    }

    private mutating func unlink(_ entry: Int) {
        let before = entries[entry].newer, after = entries[entry].older
        if before >= 0 { entries[Int(before)].older = after } else { newest = after }
        if after >= 0 { entries[Int(after)].newer = before } else { oldest = before }
        entries[entry].newer = -1
        entries[entry].older = -1
    }

    private mutating func linkAtFront(_ entry: Int) {
        entries[entry].older = newest
        entries[entry].newer = -1
        if newest >= 0 { entries[Int(newest)].newer = Int32(entry) }
        newest = Int32(entry)
        if oldest < 0 { oldest = Int32(entry) }
    }
}
