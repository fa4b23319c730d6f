import SceneLinkCore

/// A breakdown's rows summed by their value's bytes, with no allocation per row: each distinct
/// value is kept once in one byte arena and found through an open-addressing table of its
/// `Hasher` hash (seeded per process, so values chosen to collide cannot make lookups slow).
/// Values are told apart by their bytes, as SQLite's `BINARY` collation groups them.
struct BreakdownTally {
    private var arena: [UInt8] = []
    /// Per distinct value: where its bytes are in `arena`, its hash, and its sum.
    private var starts: [Int] = [], lengths: [Int] = [], hashes: [Int] = [], sums: [Int64] = []
    /// Indexes into the per-value arrays; -1 is an empty slot. Its count is a power of two.
    private var slots: [Int]

    init() {
        slots = Array(repeating: -1, count: 1024)
    }

    /// Distinct values so far.
    var count: Int { sums.count }

    /// Adds `count` to the sum of the value `bytes`.
    mutating func add(_ bytes: UnsafeRawBufferPointer, _ count: Int64) {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        let hash = hasher.finalize()
        var slot = hash & (slots.count - 1)
        while slots[slot] >= 0 {
            let index = slots[slot]
            if hashes[index] == hash, lengths[index] == bytes.count,
               arena.withUnsafeBytes({ $0[starts[index]..<(starts[index] + lengths[index])].elementsEqual(bytes) }) {
                sums[index] &+= count
                return
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = sums.count
        starts.append(arena.count)
        lengths.append(bytes.count)
        hashes.append(hash)
        sums.append(count)
        arena.append(contentsOf: bytes)
        // At most half full, so that a probe stays short.
        if sums.count * 2 > slots.count { grow() }
    }

    /// One row per distinct value, in no particular order.
    var rows: [AnalyticsBreakdownRow] {
        arena.withUnsafeBytes { arena in
            sums.indices.map { index in
                AnalyticsBreakdownRow(value: String(decoding: arena[starts[index]..<(starts[index] + lengths[index])], as: UTF8.self),
                                      count: sums[index])
            }
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        for index in hashes.indices {
            var slot = hashes[index] & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index
        }
    }
}
