/// A `QRBitLine` of 192 bits in three words: every version's line (177 modules and 8 of quiet
/// zone) fits.
struct QRWideLine: QRBitLine {
    var low: UInt64
    var middle: UInt64
    var high: UInt64

    static var zero: QRWideLine { QRWideLine(low: 0, middle: 0, high: 0) }

    @inline(__always) static func & (a: QRWideLine, b: QRWideLine) -> QRWideLine {
        QRWideLine(low: a.low & b.low, middle: a.middle & b.middle, high: a.high & b.high)
    }

    @inline(__always) static func | (a: QRWideLine, b: QRWideLine) -> QRWideLine {
        QRWideLine(low: a.low | b.low, middle: a.middle | b.middle, high: a.high | b.high)
    }

    @inline(__always) static func ^ (a: QRWideLine, b: QRWideLine) -> QRWideLine {
        QRWideLine(low: a.low ^ b.low, middle: a.middle ^ b.middle, high: a.high ^ b.high)
    }

    @inline(__always) static prefix func ~ (a: QRWideLine) -> QRWideLine {
        QRWideLine(low: ~a.low, middle: ~a.middle, high: ~a.high)
    }

    @inline(__always) func down(_ count: Int) -> QRWideLine {
        let shift = UInt64(count), back = UInt64(64 - count)
        return QRWideLine(low: low >> shift | middle << back, middle: middle >> shift | high << back, high: high >> shift)
    }

    @inline(__always) func up(_ count: Int) -> QRWideLine {
        let shift = UInt64(count), back = UInt64(64 - count)
        return QRWideLine(low: low << shift, middle: middle << shift | low >> back, high: high << shift | middle >> back)
    }

    @inline(__always) var ones: Int { low.nonzeroBitCount + middle.nonzeroBitCount + high.nonzeroBitCount }

    @inline(__always) mutating func set(_ index: Int) {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: low |= bit
        case 1: middle |= bit
        default: high |= bit
        }
    }

    @inline(__always) mutating func insert(_ bit: UInt8, at index: Int) {
        let value = UInt64(bit) << UInt64(index & 63)
        switch index >> 6 {
        case 0: low |= value
        case 1: middle |= value
        default: high |= value
        }
    }

    init(wide: QRWideLine) { self = wide }

    init(low: UInt64, middle: UInt64, high: UInt64) {
        self.low = low
        self.middle = middle
        self.high = high
    }

    static func holds(size: Int) -> Bool { size + 8 <= 192 }
}
