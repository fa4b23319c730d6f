/// A line of up to 64 bits in one word: every version up to 9 (53 modules and 8 of quiet zone).
extension UInt64: QRBitLine {
    @inline(__always) func down(_ count: Int) -> UInt64 { self >> UInt64(count) }
    @inline(__always) func up(_ count: Int) -> UInt64 { self << UInt64(count) }
    @inline(__always) var ones: Int { nonzeroBitCount }
    @inline(__always) mutating func set(_ index: Int) { self |= 1 << UInt64(index) }
    @inline(__always) mutating func insert(_ bit: UInt8, at index: Int) { self |= UInt64(bit) << UInt64(index) }
    init(wide: QRWideLine) { self = wide.low }
    static func holds(size: Int) -> Bool { size + 8 <= 64 }
}
