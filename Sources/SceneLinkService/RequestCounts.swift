/// Request counters by route pattern, method and status: an open-addressing table whose
/// slot comes from the key's lengths and status, not from `Hasher`.
///
/// Keys are few (routes × methods × statuses), and hashing a route's text cost more than
/// the rest of counting a request. Keys that share a slot (same lengths and status) are told
/// apart by comparing them in full, so the counts are exact.
struct RequestCounts: Sendable {
    struct Key: Sendable, Equatable {
        let route: String
        let method: String
        let status: Int
    }

    private var keys: [Key?]
    private var counts: [Int]
    /// Distinct keys counted.
    private(set) var count = 0

    /// - Parameter capacity: slots to start with, rounded up to a power of two.
    init(capacity: Int = 64) {
        var slots = 8
        while slots < capacity { slots *= 2 }
        keys = Array(repeating: nil, count: slots)
        counts = Array(repeating: 0, count: slots)
    }

    /// Adds one to `key`'s count.
    mutating func increment(_ key: Key) {
        let mask = keys.count - 1
        var slot = RequestCounts.slot(of: key) & mask
        while let existing = keys[slot] {
            if existing == key {
                counts[slot] += 1
                return
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        counts[slot] = 1
        count += 1
        // Half full at most, so a probe stays short.
        if count * 2 > keys.count { grow() }
    }

    /// The count of `key`; 0 when it was never counted.
    subscript(key: Key) -> Int {
        let mask = keys.count - 1
        var slot = RequestCounts.slot(of: key) & mask
        while let existing = keys[slot] {
            if existing == key { return counts[slot] }
            slot = (slot + 1) & mask
        }
        return 0
    }

    /// Every key with its count, in no particular order.
    var entries: [(key: Key, count: Int)] {
        zip(keys, counts).compactMap { key, count in key.map { ($0, count) } }
    }

    private static func slot(of key: Key) -> Int {
        // Fibonacci hashing of the three small numbers; equal keys land in the same slot.
        let mixed = UInt64(truncatingIfNeeded: key.status) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(truncatingIfNeeded: key.route.utf8.count &* 64 &+ key.method.utf8.count) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: mixed >> 32)
    }

    /// Twice the slots, every key moved to its slot in the larger table.
    private mutating func grow() {
        let old = entries
        keys = Array(repeating: nil, count: keys.count * 2)
        counts = Array(repeating: 0, count: keys.count)
        let mask = keys.count - 1
        for (key, value) in old {
            var slot = RequestCounts.slot(of: key) & mask
            while keys[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = key
            counts[slot] = value
        }
    }
}
