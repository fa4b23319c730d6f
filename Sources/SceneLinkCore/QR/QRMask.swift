/// The eight data mask patterns and the penalty that chooses between them
/// (ISO/IEC 18004:2015, 7.8).
enum QRMask {
    /// Each pattern over a 12 × 12 tile (every pattern repeats within 12 modules both ways),
    /// `tiles[mask * 144 + (y % 12) * 12 + x % 12]` is 1 where the module is inverted.
    /// Patterns from Table 10, with i the row and j the column.
    static let tiles: [UInt8] = {
        var tiles = [UInt8](repeating: 0, count: 8 * 144)
        for mask in 0..<8 {
            for i in 0..<12 {
                for j in 0..<12 {
                    let inverted = switch mask {
                    case 0: (i + j) % 2 == 0
                    case 1: i % 2 == 0
                    case 2: j % 3 == 0
                    case 3: (i + j) % 3 == 0
                    case 4: (i / 2 + j / 3) % 2 == 0
                    case 5: (i * j) % 2 + (i * j) % 3 == 0
                    case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
                    default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
                    }
                    tiles[mask * 144 + i * 12 + j] = inverted ? 1 : 0
                }
            }
        }
        return tiles
    }()

    /// `matrix`'s modules with `mask` applied to every module that is not a function module.
    static func apply(_ mask: Int, to matrix: QRMatrix, into output: inout [UInt8]) {
        let size = matrix.size
        tiles.withUnsafeBufferPointer { tiles in
            matrix.modules.withUnsafeBufferPointer { modules in
                matrix.isFunction.withUnsafeBufferPointer { isFunction in
                    output.withUnsafeMutableBufferPointer { output in
                        var index = 0
                        var tileRow = 0
                        for _ in 0..<size {
                            let rowBase = mask * 144 + tileRow * 12
                            var tileColumn = 0
                            for _ in 0..<size {
                                output[index] = modules[index] ^ (tiles[rowBase + tileColumn] & (isFunction[index] ^ 1))
                                index += 1
                                tileColumn = tileColumn == 11 ? 0 : tileColumn + 1
                            }
                            tileRow = tileRow == 11 ? 0 : tileRow + 1
                        }
                    }
                }
            }
        }
    }

    /// The penalty score of a masked symbol (7.8.3, Table 11); the mask with the lowest wins.
    ///
    /// - N1 = 3 (+1 per module beyond 5) for each run of five or more modules of one colour
    ///   in a row or a column;
    /// - N2 = 3 for each 2 × 2 block of one colour (overlapping blocks each count);
    /// - N3 = 40 for each 1:1:3:1:1 dark–light–dark–light–dark pattern with four light
    ///   modules before it, and 40 again for four light modules after it, in a row or a
    ///   column; the area beyond the symbol is the quiet zone, so it counts as light;
    /// - N4 = 10 for each whole 5 % by which the dark modules' share is away from 50 %.
    static func penalty(_ modules: [UInt8], size: Int) -> Int {
        modules.withUnsafeBufferPointer { modules in
            var score = 0
            var dark = 0
            for line in 0..<size {
                score += linePenalty(modules, start: line * size, stride: 1, count: size)
                score += linePenalty(modules, start: line, stride: size, count: size)
            }
            for y in 0..<size - 1 {
                var index = y * size
                var left = Int(modules[index]) + Int(modules[index + size])
                dark += Int(modules[index])
                for _ in 0..<size - 1 {
                    let right = Int(modules[index + 1]) + Int(modules[index + 1 + size])
                    dark += Int(modules[index + 1])
                    let sum = left + right
                    if sum == 0 || sum == 4 { score += 3 }
                    left = right
                    index += 1
                }
            }
            for x in 0..<size { dark += Int(modules[(size - 1) * size + x]) }
            let total = size * size
            score += abs(dark * 20 - total * 10) / total * 10
            return score
        }
    }

    /// N1 and N3 along one row or column.
    @inline(__always)
    private static func linePenalty(_ modules: UnsafeBufferPointer<UInt8>, start: Int, stride: Int, count: Int) -> Int {
        var score = 0
        var colour: UInt8 = 2
        var run = 0
        var window: UInt32 = 0  // the last 11 modules, light before the line's start
        var index = start
        for _ in 0..<count {
            let module = modules[index]
            if module == colour {
                run += 1
            } else {
                if run >= 5 { score += run - 2 }
                colour = module
                run = 1
            }
            window = ((window << 1) | UInt32(module)) & 0x7FF
            if window == 0b000_0101_1101 || window == 0b101_1101_0000 { score += 40 }
            index += stride
        }
        if run >= 5 { score += run - 2 }
        // Four light modules of quiet zone after the line's end.
        for _ in 0..<4 {
            window = (window << 1) & 0x7FF
            if window == 0b101_1101_0000 { score += 40 }
        }
        return score
    }
}
