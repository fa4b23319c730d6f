import SceneLinkCore
import Synchronization

/// The readings of recent `User-Agent` values: most visits come from a few browser versions, so
/// reading one again costs a few loads and a compare instead of a scan (`UserAgentReading`).
///
/// Direct-mapped: `slotCount` slots, each value's slot picked from its length and three of its
/// words, and a new value replaces the one in its slot. Values that share a slot only evict each
/// other (there are no chains to grow), so a visitor who aims many values at one slot makes their
/// own requests cost a scan and nothing more; memory stays bounded whatever is sent. Values
/// longer than the classifier reads are read, not kept.
final class UserAgentCache: Sendable {
    /// The cache every link page and short link shares.
    static let shared = UserAgentCache()

    static let slotCount = 1_024

    private struct Slot {
        var userAgent: String
        var reading: UserAgentReading
    }

    private let slots = Mutex([Slot?](repeating: nil, count: UserAgentCache.slotCount))

    /// The reading of `userAgent`, from the cache when it was read lately.
    func reading(of userAgent: String?) -> UserAgentReading {
        guard let userAgent, userAgent.utf8.count <= UserAgentReading.maximumScannedBytes,
              let index = userAgent.utf8.withContiguousStorageIfAvailable(Self.slot) else {
            return UserAgentReading(userAgent: userAgent)
        }
        let hit: UserAgentReading? = slots.withLock { slots in
            guard let kept = slots[index], kept.userAgent == userAgent else { return nil }
            return kept.reading
        }
        if let hit { return hit }
        let reading = UserAgentReading(userAgent: userAgent)
        slots.withLock { $0[index] = Slot(userAgent: userAgent, reading: reading) }
        return reading
    }

    /// The slot of a value: its length and its first, middle and last eight bytes, mixed.
    private static func slot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        func word(at start: Int) -> UInt64 {
            var word: UInt64 = 0
            for offset in 0..<min(8, bytes.count - start) { word |= UInt64(bytes[start + offset]) << UInt64(offset * 8) }
            return word
        }
        let count = bytes.count
        var mixed = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        if count > 0 {
            mixed ^= word(at: 0) &* 0xC2B2_AE3D_27D4_EB4F
            mixed ^= word(at: count / 2) &* 0x1656_67B1_9E37_79F9
            mixed ^= word(at: max(0, count - 8)) &* 0x27D4_EB2F_1656_67C5
        }
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed % UInt64(slotCount))
    }
}
