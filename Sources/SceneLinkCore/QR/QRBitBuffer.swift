/// Bits appended most significant first and packed into codewords (ISO/IEC 18004:2015, 7.4).
struct QRBitBuffer: Sendable {
    private(set) var bytes: [UInt8]
    private(set) var count = 0

    init(capacityBytes: Int) {
        bytes = []
        bytes.reserveCapacity(capacityBytes)
    }

    /// Appends the low `length` bits of `value` (0...31), most significant first.
    mutating func append(_ value: Int, bits length: Int) {
        var remaining = length
        while remaining > 0 {
            let used = count & 7
            if used == 0 { bytes.append(0) }
            let free = 8 - used
            let taken = min(free, remaining)
            let chunk = (value >> (remaining - taken)) & ((1 << taken) - 1)
            bytes[bytes.count - 1] |= UInt8(chunk << (free - taken))
            remaining -= taken
            count += taken
        }
    }
}
