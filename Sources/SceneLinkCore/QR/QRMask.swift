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

    /// Each pattern along a row (`rows[mask * 12 + y % 12]`) and along a column
    /// (`columns[mask * 12 + x % 12]`) as `QRBitLine` bits (module n at bit n + 4) for the
    /// largest symbol; a smaller one uses the first bits.
    static let linePatterns: (rows: [QRWideLine], columns: [QRWideLine]) = {
        var rows = [QRWideLine](repeating: .zero, count: 96), columns = rows
        for mask in 0..<8 {
            for residue in 0..<12 {
                for position in 0..<177 {
                    if tiles[mask * 144 + residue * 12 + position % 12] != 0 { rows[mask * 12 + residue].set(position + 4) }
                    if tiles[mask * 144 + (position % 12) * 12 + residue] != 0 { columns[mask * 12 + residue].set(position + 4) }
                }
            }
        }
        return (rows, columns)
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
    ///
    /// `modules` is row-major, 1 for dark. (The encoder scores its masks with `QRMaskScore`,
    /// which this calls.)
    static func penalty(_ modules: [UInt8], size: Int) -> Int {
        var rows = [QRWideLine](repeating: .zero, count: size), columns = rows
        for y in 0..<size {
            for x in 0..<size where modules[y * size + x] != 0 {
                rows[y].set(x + 4)
                columns[x].set(y + 4)
            }
        }
        return QRMaskScore<QRWideLine>.penalty(rows: rows, columns: columns, size: size)
    }
}
