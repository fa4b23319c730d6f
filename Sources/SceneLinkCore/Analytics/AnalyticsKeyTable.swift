/// An open-addressing hash table from a key of four 64-bit words to a number: what
/// `AnalyticsWindow` finds its places, events and visitors with on every visit.
///
/// Why not `Dictionary`: its keys are hashed with SipHash under the process's seed, which
/// resists keys chosen to collide but costs a few hundred instructions a lookup, on a path
/// that runs per visit. Here the key's words are mixed with multiplications under a seed
/// drawn for each table (from `SystemRandomNumberGenerator`), and the slot is probed linearly,
/// the table kept at most half full. What a visitor can choose reaches a key only as small
/// numbers given out in order (a referrer host's number), a country's letters or a
/// classification, or as a keyed SipHash they cannot compute (`AnalyticsSalt`): a visitor
/// cannot aim keys at one slot without the seed. A window holds at most `AnalyticsWindow.limit`
/// keys, so the table is bounded too.
struct AnalyticsKeyTable: Sendable {
    /// A key: four words compared in full.
    struct Key: Equatable {
        var a: UInt64
        var b: UInt64
        var c: UInt64
        var d: UInt64 = 0
    }

    private struct Slot {
        var key: Key
        /// The number stored; -1 marks an empty slot.
        var value: Int32
    }

    private static let empty = Slot(key: Key(a: 0, b: 0, c: 0, d: 0), value: -1)

    private var slots: [Slot]
    private let seed: UInt64
    /// How many keys it holds.
    private(set) var count = 0

    init() {
        var generator = SystemRandomNumberGenerator()
        seed = generator.next()
        slots = Array(repeating: Self.empty, count: 16)
    }

    /// The number stored under `key`, or nil.
    func value(for key: Key) -> Int32? {
        let mask = slots.count - 1
        var slot = slot(of: key)
        while slots[slot].value >= 0 {
            if slots[slot].key == key { return slots[slot].value }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` (≥ 0) under `key`, which must not be in the table yet.
    mutating func insert(_ value: Int32, for key: Key) {
        let mask = slots.count - 1
        var slot = slot(of: key)
        while slots[slot].value >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Slot(key: key, value: value)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Every key and its number, in no particular order.
    var contents: [(key: Key, value: Int32)] {
        slots.lazy.filter { $0.value >= 0 }.map { (key: $0.key, value: $0.value) }
    }

    /// The first slot to probe for `key`: its words mixed under the seed (multiply and
    /// xor-shift steps of the SplitMix64 finaliser), taken to the table's size.
    private func slot(of key: Key) -> Int {
        var mixed = (key.a ^ seed) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ key.b ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ key.c ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed = (mixed ^ key.d ^ (mixed >> 31)) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed) & (slots.count - 1)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.empty, count: old.count * 2)
        count = 0
        for slot in old where slot.value >= 0 { insert(slot.value, for: slot.key) }
    }
}
