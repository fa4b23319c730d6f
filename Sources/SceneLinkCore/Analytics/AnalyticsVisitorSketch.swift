import Foundation

/// The distinct visitors of one scope on one UTC day, in bounded memory: exact while few, a
/// HyperLogLog sketch once many (Flajolet et al., 2007, with the small-range linear counting
/// of its paper).
///
/// - Up to `sparseLimit` visitors it keeps their 64-bit keyed hashes, sorted: the count is exact
///   (two visitors collide with odds about n²/2⁶⁵).
/// - Past that it keeps `registerCount` one-byte registers (16 KiB) instead, whatever the traffic:
///   the count's standard error is 1.04/√16384 ≈ 0.81 % (bench/uniques_error.py measures it).
///
/// A register holds the position of the first set bit after a hash's first 14 bits, which needs
/// hashes spread evenly over all 64 bits. Visitor hashes are (SipHash under the day's secret key,
/// `AnalyticsSalt`); every hash is mixed once more on the way in (SplitMix64's finalizer, a
/// bijection, so distinct visitors stay distinct) so the count does not depend on that.
public struct AnalyticsVisitorSketch: Sendable {
    /// Bits of the hash that choose a register.
    public static let precision = 14
    /// Registers of a dense sketch: 16,384, one byte each.
    public static let registerCount = 1 << precision
    /// The most hashes kept exactly: 8 KiB of them, half the registers' size, so that even with an
    /// array's spare capacity the sparse form is never larger than the dense one.
    public static let sparseLimit = 1024

    /// Sorted (mixed) hashes while sparse; empty once dense.
    private var hashes: [UInt64] = []
    /// The registers once dense; empty while sparse.
    private var registers: [UInt8] = []
    /// Σ 2^-register over every register, kept as registers change so an estimate costs nothing.
    private var inverseSum = 0.0
    /// Registers still zero.
    private var zeros = 0

    public init() {}

    /// Whether the sketch keeps registers (no longer exact).
    public var isDense: Bool { !registers.isEmpty }

    /// The bytes the sketch holds at most: the registers, or twice the hashes (an array's spare
    /// capacity).
    public var bytes: Int { isDense ? Self.registerCount : hashes.count * 2 * MemoryLayout<UInt64>.size }

    /// The bytes the sketch would hold after inserting one more visitor it has not seen (the
    /// registers once that insertion makes it dense).
    public var bytesAfterGrowing: Int {
        isDense || hashes.count + 1 > Self.sparseLimit ? Self.registerCount : (hashes.count + 1) * 2 * MemoryLayout<UInt64>.size
    }

    /// Whether `visitor` would add to a sparse sketch (a dense one never grows).
    public func wouldGrow(with visitor: UInt64) -> Bool {
        guard !isDense else { return false }
        let hash = Self.mixed(visitor)
        let index = Self.insertionIndex(of: hash, in: hashes)
        return index == hashes.count || hashes[index] != hash
    }

    /// Records a visitor's hash.
    public mutating func insert(_ visitor: UInt64) {
        let hash = Self.mixed(visitor)
        if isDense { return record(hash) }
        let index = Self.insertionIndex(of: hash, in: hashes)
        guard index == hashes.count || hashes[index] != hash else { return }
        hashes.insert(hash, at: index)
        if hashes.count > Self.sparseLimit { becomeDense() }
    }

    /// The distinct visitors seen: exact while sparse; else the HyperLogLog estimate, with linear
    /// counting while a fair share of registers is still zero (below 2.5 × the register count).
    public var estimate: Int64 {
        guard isDense else { return Int64(hashes.count) }
        let m = Double(Self.registerCount)
        let alpha = 0.7213 / (1 + 1.079 / m)
        let raw = alpha * m * m / inverseSum
        if raw <= 2.5 * m, zeros > 0 {
            return Int64((m * log(m / Double(zeros))).rounded())
        }
        return Int64(raw.rounded())
    }

    private mutating func becomeDense() {
        registers = [UInt8](repeating: 0, count: Self.registerCount)
        inverseSum = Double(Self.registerCount)
        zeros = Self.registerCount
        for hash in hashes { record(hash) }
        hashes = []
    }

    /// Raises the hash's register to the hash's rank, keeping the running sums.
    private mutating func record(_ hash: UInt64) {
        let index = Int(hash >> UInt64(64 - Self.precision))
        // A guard bit below the remaining 50 bits bounds the rank at 51.
        let rest = hash << UInt64(Self.precision) | 1 << UInt64(Self.precision - 1)
        let rank = UInt8(rest.leadingZeroBitCount + 1)
        let old = registers[index]
        guard rank > old else { return }
        registers[index] = rank
        if old == 0 { zeros -= 1 }
        inverseSum += Self.inversePower(rank) - Self.inversePower(old)
    }

    /// SplitMix64's finalizer: every bit of the result depends on every bit of `value`.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 2^-rank.
    private static func inversePower(_ rank: UInt8) -> Double {
        Double(sign: .plus, exponent: -Int(rank), significand: 1)
    }

    /// Where `hash` is or would go in the sorted `hashes`.
    private static func insertionIndex(of hash: UInt64, in hashes: [UInt64]) -> Int {
        var low = 0, high = hashes.count
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
