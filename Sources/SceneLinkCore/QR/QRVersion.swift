/// A QR code's version, 1 to 40: its size (17 + 4 × version modules a side) and capacity
/// (ISO/IEC 18004:2015, 5.3 and Table 9).
public struct QRVersion: Hashable, Comparable, Sendable {
    /// 1 to 40.
    public let number: Int

    /// The smallest and the largest version.
    public static let range = 1...40

    /// The version numbered `number`; nil outside 1...40.
    public init?(_ number: Int) {
        guard Self.range.contains(number) else { return nil }
        self.number = number
    }

    /// Modules a side, without the quiet zone.
    public var size: Int { 17 + 4 * number }

    public static func < (lhs: QRVersion, rhs: QRVersion) -> Bool { lhs.number < rhs.number }

    /// Modules left for data and error correction once every function pattern is placed,
    /// remainder bits included.
    var rawDataModules: Int {
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let alignments = number / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if number >= 7 { modules -= 36 }
        }
        return modules
    }

    /// Codewords of data and error correction together.
    var totalCodewords: Int { rawDataModules / 8 }

    /// Error-correction codewords of each block at `level`.
    func errorCorrectionCodewordsPerBlock(_ level: QRErrorCorrectionLevel) -> Int {
        Int(Self.eccCodewordsPerBlock[level.tableIndex][number])
    }

    /// Blocks the codewords are split into at `level`.
    func blockCount(_ level: QRErrorCorrectionLevel) -> Int {
        Int(Self.errorCorrectionBlocks[level.tableIndex][number])
    }

    /// Data codewords at `level`.
    func dataCodewords(_ level: QRErrorCorrectionLevel) -> Int {
        totalCodewords - errorCorrectionCodewordsPerBlock(level) * blockCount(level)
    }

    /// Centre coordinates of the alignment patterns along either axis (Annex E): 6, the last
    /// at size − 7, the rest evenly spaced between with an even step (version 32's is 26).
    var alignmentPatternPositions: [Int] {
        guard number >= 2 else { return [] }
        let count = number / 7 + 2
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var positions = [Int](repeating: 6, count: count)
        var position = size - 7
        for index in stride(from: count - 1, through: 1, by: -1) {
            positions[index] = position
            position -= step
        }
        return positions
    }

    /// The 18 bits of version information (Annex D): the version in 6 bits and a
    /// (18, 6) Golay code over them. Only versions 7 and up carry it.
    var versionInformationBits: Int {
        var remainder = number
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return number << 12 | remainder
    }

    // Table 9, by level (L, M, Q, H) then version (index 0 unused).
    static let eccCodewordsPerBlock: [[UInt8]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]
    static let errorCorrectionBlocks: [[UInt8]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]
}
