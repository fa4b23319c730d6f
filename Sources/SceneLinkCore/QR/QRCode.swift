/// A QR code symbol (Model 2), encoded as ISO/IEC 18004:2015 describes: one segment in the
/// most compact mode the text allows, the smallest version that holds it at the chosen
/// error-correction level, Reed–Solomon blocks interleaved, and the mask with the lowest
/// penalty.
///
/// ```swift
/// let code = try QRCode(encoding: "https://fuelmoney.example.com/s/abc", level: .medium)
/// code.version.number   // 3
/// code.svg()            // <svg …><path d="…"/></svg>, quiet zone of 4 modules
/// ```
public struct QRCode: Sendable {
    /// The symbol's version (its size).
    public let version: QRVersion
    /// The error-correction level it was encoded at.
    public let level: QRErrorCorrectionLevel
    /// The mode the data is written in.
    public let mode: QRMode
    /// The data mask chosen (0–7).
    public let mask: Int
    /// Modules a side, without the quiet zone.
    public var size: Int { version.size }
    /// Row-major modules, 1 for dark: `modules[y * size + x]`.
    public let modules: [UInt8]

    /// Encodes the UTF-8 of `text`.
    /// - Parameters:
    ///   - level: error correction; M (about 15 % of the symbol recoverable) by default.
    ///   - mode: the mode to write the text in; nil picks the most compact one that fits
    ///     every character (`QRMode.smallest(for:)`).
    /// - Throws: `QREncodingError.dataTooLong` when even version 40 cannot hold the text at
    ///   this level, `.modeCannotEncode` when `mode` cannot write it.
    public init(encoding text: String, level: QRErrorCorrectionLevel = .medium, mode: QRMode? = nil) throws(QREncodingError) {
        try self.init(bytes: Array(text.utf8), level: level, mode: mode)
    }

    /// Encodes `bytes` (see `init(encoding:level:mode:)`).
    public init(bytes: [UInt8], level: QRErrorCorrectionLevel = .medium, mode: QRMode? = nil) throws(QREncodingError) {
        let mode = mode ?? QRMode.smallest(for: bytes)
        guard mode.canEncode(bytes) else { throw .modeCannotEncode(mode) }
        guard let version = Self.smallestVersion(count: bytes.count, mode: mode, level: level) else {
            throw .dataTooLong(bytes: bytes.count, mode: mode, level: level,
                               maximumBytes: Self.maximumCount(mode: mode, level: level))
        }
        let data = Self.dataCodewords(bytes, mode: mode, version: version, level: level)
        var matrix = QRMatrix(version: version)
        matrix.placeCodewords(Self.interleavedCodewords(data, version: version, level: level))

        // Every mask with its format information, scored; the lowest score wins (7.8.3).
        let mask = UInt64.holds(size: matrix.size)
            ? QRMaskScore<UInt64>(matrix: matrix).bestMask(level: level)
            : QRMaskScore<QRWideLine>(matrix: matrix).bestMask(level: level)
        var modules = [UInt8](repeating: 0, count: matrix.size * matrix.size)
        QRMask.apply(mask, to: matrix, into: &modules)
        QRMatrix.writeFormatInformation(QRMatrix.formatInformationBits(level: level, mask: mask),
                                        at: QRMatrix.formatInformationPositions(size: matrix.size), into: &modules)
        self.version = version
        self.level = level
        self.mode = mode
        self.mask = mask
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark; false outside the symbol (the quiet zone).
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x] != 0
    }

    /// The smallest version whose data capacity at `level` holds `count` characters in `mode`.
    static func smallestVersion(count: Int, mode: QRMode, level: QRErrorCorrectionLevel) -> QRVersion? {
        for number in QRVersion.range {
            guard let version = QRVersion(number) else { continue }
            let countBits = mode.countBits(version: number)
            guard count < 1 << countBits else { continue }
            if 4 + countBits + mode.dataBits(count: count) <= version.dataCodewords(level) * 8 { return version }
        }
        return nil
    }

    /// The most characters of `mode` version 40 holds at `level`.
    static func maximumCount(mode: QRMode, level: QRErrorCorrectionLevel) -> Int {
        guard let largest = QRVersion(40) else { return 0 }
        let bits = largest.dataCodewords(level) * 8 - 4 - mode.countBits(version: 40)
        switch mode {
        case .byte: return bits / 8
        case .alphanumeric: return bits / 11 * 2 + (bits % 11 >= 6 ? 1 : 0)
        case .numeric: return bits / 10 * 3 + (bits % 10 >= 7 ? 2 : (bits % 10 >= 4 ? 1 : 0))
        }
    }

    /// Mode indicator, character count, the data, terminator and pad codewords (7.4).
    static func dataCodewords(_ bytes: [UInt8], mode: QRMode, version: QRVersion, level: QRErrorCorrectionLevel) -> [UInt8] {
        let capacity = version.dataCodewords(level)
        var buffer = QRBitBuffer(capacityBytes: capacity)
        buffer.append(mode.indicator, bits: 4)
        buffer.append(bytes.count, bits: mode.countBits(version: version.number))
        switch mode {
        case .byte:
            for byte in bytes { buffer.append(Int(byte), bits: 8) }
        case .numeric:
            var index = 0
            while index < bytes.count {
                let digits = min(3, bytes.count - index)
                var value = 0
                for offset in 0..<digits { value = value * 10 + Int(bytes[index + offset]) - 48 }
                buffer.append(value, bits: [0, 4, 7, 10][digits])
                index += digits
            }
        case .alphanumeric:
            var index = 0
            while index + 1 < bytes.count {
                buffer.append(QRMode.alphanumericValue(bytes[index]) * 45 + QRMode.alphanumericValue(bytes[index + 1]), bits: 11)
                index += 2
            }
            if index < bytes.count { buffer.append(QRMode.alphanumericValue(bytes[index]), bits: 6) }
        }
        // Terminator of up to four zeros, then zeros to the codeword boundary.
        buffer.append(0, bits: min(4, capacity * 8 - buffer.count))
        buffer.append(0, bits: (8 - buffer.count % 8) % 8)
        var codewords = buffer.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// Splits the data into the version's blocks (the shorter ones first), adds each block's
    /// error-correction codewords, and interleaves them: data column by column, then error
    /// correction column by column (7.6).
    static func interleavedCodewords(_ data: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel) -> [UInt8] {
        let blocks = version.blockCount(level)
        let eccLength = version.errorCorrectionCodewordsPerBlock(level)
        let total = version.totalCodewords
        let longBlocks = total % blocks
        let shortBlocks = blocks - longBlocks
        let shortDataLength = total / blocks - eccLength
        let generator = QRReedSolomon(degree: eccLength)

        var result = [UInt8](repeating: 0, count: total)
        var start = 0
        for block in 0..<blocks {
            let length = shortDataLength + (block < shortBlocks ? 0 : 1)
            let slice = data[start..<start + length]
            // Data column i of block b goes to i * blocks + b; the short blocks have no last column.
            for (column, byte) in slice.enumerated() {
                let position = column < shortDataLength
                    ? column * blocks + block
                    : shortDataLength * blocks + (block - shortBlocks)
                result[position] = byte
            }
            let ecc = generator.remainder(of: slice)
            let eccStart = data.count
            for (column, byte) in ecc.enumerated() { result[eccStart + column * blocks + block] = byte }
            start += length
        }
        return result
    }
}
