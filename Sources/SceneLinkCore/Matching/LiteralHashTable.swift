/// An open-addressing hash table from (parent node, literal segment) to a child node: the
/// literal children of every trie node with many of them, in one flat array. The template
/// builder keys its shared runs the same way (`ResolveTemplate.Builder`: the run's length as
/// the parent, its arena offset as the child, its own hash).
///
/// A slot holds the key's 32-bit hash, the parent and the child, nothing else: the segment's
/// bytes live with the child node (`ResolveIndex` stores each node's label in its record), so
/// a lookup compares them through `matches`, in memory it reads next anyway. Compared with a
/// `[String: Int]` per node, a lookup touches one slot array and no separately allocated keys.
///
/// Linear probing over a power-of-two capacity kept at most half full, so a miss ends at an
/// empty slot within a few probes. The hash is deterministic (FNV-1a, then a final mix): keys
/// come from the route file, which is trusted; links only look keys up and cannot lengthen
/// probe runs.
struct LiteralHashTable: Sendable {
    struct Slot: Sendable, Equatable {
        var hash: UInt32
        var parent: UInt32
        /// The child node, or `Slot.emptyChild` for an empty slot.
        var child: UInt32

        static let emptyChild = UInt32.max
        static let empty = Slot(hash: 0, parent: 0, child: emptyChild)
    }

    private(set) var slots: [Slot]
    /// The number of keys stored.
    private(set) var count = 0

    /// - Parameter minimumCapacity: slots to start with (rounded up to a power of two, at least 8).
    init(minimumCapacity: Int = 8) {
        var capacity = 8
        while capacity < minimumCapacity { capacity <<= 1 }
        slots = [Slot](repeating: .empty, count: capacity)
    }

    /// The hash of a literal under `parent`: FNV-1a over the parent's four bytes and the
    /// segment's bytes, then a murmur3-style final mix so that the low bits, which pick the
    /// slot, depend on every byte.
    static func hash(parent: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var state: UInt32 = 2_166_136_261
        var seed = parent
        for _ in 0..<4 {
            state = (state ^ (seed & 0xFF)) &* 16_777_619
            seed >>= 8
        }
        for byte in bytes { state = (state ^ UInt32(byte)) &* 16_777_619 }
        state ^= state >> 16
        state = state &* 0x85EB_CA6B
        state ^= state >> 13
        state = state &* 0xC2B2_AE35
        state ^= state >> 16
        return state
    }

    /// Adds a key. The caller makes sure it is not present yet (trie children are unique).
    /// - Parameter child: must not be `Slot.emptyChild`.
    mutating func insert(hash: UInt32, parent: UInt32, child: UInt32) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].child != Slot.emptyChild { index = (index + 1) & mask }
        slots[index] = Slot(hash: hash, parent: parent, child: child)
        count += 1
    }

    /// The child stored for a key with this hash and parent for which `matches(child)` is true
    /// (the caller compares the segment's bytes), or nil.
    func find(hash: UInt32, parent: UInt32, matches: (UInt32) -> Bool) -> UInt32? {
        slots.withUnsafeBufferPointer { buffer in
            let mask = buffer.count - 1
            var index = Int(hash) & mask
            // At most half full, so an empty slot always ends the probe.
            while true {
                let slot = buffer[index]
                if slot.child == Slot.emptyChild { return nil }
                if slot.hash == hash && slot.parent == parent && matches(slot.child) { return slot.child }
                index = (index + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: .empty, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.child != Slot.emptyChild {
            var index = Int(slot.hash) & mask
            while slots[index].child != Slot.emptyChild { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
