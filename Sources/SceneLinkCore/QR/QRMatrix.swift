/// The modules of one symbol while it is built: the function patterns, the data in its
/// zig-zag order, then the format and version information (ISO/IEC 18004:2015, 6.3 and 7.7–7.9).
///
/// Row-major, `modules[y * size + x]` is 1 for a dark module; `isFunction` marks the
/// modules masking leaves alone.
struct QRMatrix: Sendable {
    let size: Int
    var modules: [UInt8]
    var isFunction: [UInt8]

    /// A matrix of `version` with every function pattern drawn and the format and version
    /// areas reserved.
    init(version: QRVersion) {
        size = version.size
        modules = [UInt8](repeating: 0, count: size * size)
        isFunction = [UInt8](repeating: 0, count: size * size)
        // Timing patterns (6.3.5): alternating, dark on even coordinates.
        for index in 0..<size {
            let dark = index % 2 == 0
            set(x: 6, y: index, dark: dark)
            set(x: index, y: 6, dark: dark)
        }
        // Finder patterns with their separators (6.3.3, 6.3.4).
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        // Alignment patterns (6.3.6), except where a finder pattern is.
        let positions = version.alignmentPatternPositions
        let last = positions.count - 1
        for (row, y) in positions.enumerated() {
            for (column, x) in positions.enumerated() {
                if (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { set(x: x + dx, y: y + dy, dark: max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        reserveFormatInformation()
        if version.number >= 7 { drawVersionInformation(version.versionInformationBits) }
    }

    /// Sets a function module.
    private mutating func set(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark ? 1 : 0
        isFunction[y * size + x] = 1
    }

    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx, y = centreY + dy
                guard x >= 0, x < size, y >= 0, y < size else { continue }
                let distance = max(abs(dx), abs(dy))
                set(x: x, y: y, dark: distance != 2 && distance != 4)
            }
        }
    }

    /// The 15 format bits (7.9.1): level and mask, a BCH (15, 5) code, XOR 101010000010010.
    static func formatInformationBits(level: QRErrorCorrectionLevel, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// Where format bit i goes (Figure 25), both copies: `positions[i]` and `positions[15 + i]`
    /// are indices into `modules`. Around the top-left finder, bits 0–7 run down column 8
    /// (skipping the timing pattern) and 8–14 leftwards along row 8; the copy has bits 0–7
    /// along row 8 from the right edge and 8–14 down column 8 at the bottom.
    static func formatInformationPositions(size: Int) -> [Int] {
        var positions = [Int]()
        positions.reserveCapacity(30)
        for index in 0...5 { positions.append(index * size + 8) }
        positions += [7 * size + 8, 8 * size + 8, 8 * size + 7]
        for index in 9..<15 { positions.append(8 * size + 14 - index) }
        for index in 0..<8 { positions.append(8 * size + size - 1 - index) }
        for index in 8..<15 { positions.append((size - 15 + index) * size + 8) }
        return positions
    }

    /// Writes `bits` at `positions` (`formatInformationPositions`) into `modules`.
    static func writeFormatInformation(_ bits: Int, at positions: [Int], into modules: inout [UInt8]) {
        for (index, position) in positions.enumerated() { modules[position] = UInt8((bits >> (index % 15)) & 1) }
    }

    /// Reserves the format information's modules (written once the mask is chosen) and
    /// draws the dark module at (8, size − 8).
    private mutating func reserveFormatInformation() {
        for position in Self.formatInformationPositions(size: size) { isFunction[position] = 1 }
        set(x: 8, y: size - 8, dark: true)
    }

    /// Draws the 18 version bits twice (7.10): above the bottom-left finder and left of the
    /// top-right one.
    private mutating func drawVersionInformation(_ bits: Int) {
        for index in 0..<18 {
            let dark = (bits >> index) & 1 != 0
            let a = size - 11 + index % 3, b = index / 3
            set(x: a, y: b, dark: dark)
            set(x: b, y: a, dark: dark)
        }
    }

    /// Places the codewords in two-module columns from the bottom right, upwards then
    /// downwards, skipping the vertical timing pattern (7.7.3). Modules past the last
    /// codeword (remainder bits) stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        let size = self.size
        let totalBits = codewords.count * 8
        modules.withUnsafeMutableBufferPointer { modules in
            isFunction.withUnsafeBufferPointer { isFunction in
                codewords.withUnsafeBufferPointer { codewords in
                    var bitIndex = 0
                    var right = size - 1
                    while right >= 1 {
                        if right == 6 { right = 5 }
                        let upward = (right + 1) & 2 == 0
                        for step in 0..<size {
                            let y = upward ? size - 1 - step : step
                            for offset in 0..<2 {
                                let index = y * size + right - offset
                                guard isFunction[index] == 0, bitIndex < totalBits else { continue }
                                modules[index] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1
                                bitIndex += 1
                            }
                        }
                        right -= 2
                    }
                }
            }
        }
    }
}
