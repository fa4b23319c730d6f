/// Scores the eight masks of one symbol (ISO/IEC 18004:2015, 7.8.3) a row and a column at a
/// time, as bits (`QRBitLine`): masking a line is three word operations, and each penalty
/// rule a handful of shifts and population counts over it.
struct QRMaskScore<Line: QRBitLine> {
    let size: Int
    /// The unmasked symbol by row and by column; format information still light.
    private var baseRows: [Line], baseColumns: [Line]
    /// The modules a mask inverts (not function modules), by row and by column.
    private var dataRows: [Line], dataColumns: [Line]
    /// Bits 4 ..< size + 3: where a module and the next are both in the symbol.
    private let pairs: Line
    /// The format information's modules as (row, column), bit i at `formatPositions[i]` and `[15 + i]`.
    private let formatPositions: [(y: Int, x: Int)]

    init(matrix: QRMatrix) {
        let size = matrix.size
        self.size = size
        var baseRows = [Line](repeating: .zero, count: size), baseColumns = baseRows
        var dataRows = baseRows, dataColumns = baseRows
        matrix.modules.withUnsafeBufferPointer { modules in
            matrix.isFunction.withUnsafeBufferPointer { isFunction in
                var index = 0
                for y in 0..<size {
                    for x in 0..<size {
                        let module = modules[index], data = isFunction[index] ^ 1
                        baseRows[y].insert(module, at: x + 4)
                        baseColumns[x].insert(module, at: y + 4)
                        dataRows[y].insert(data, at: x + 4)
                        dataColumns[x].insert(data, at: y + 4)
                        index += 1
                    }
                }
            }
        }
        self.baseRows = baseRows
        self.baseColumns = baseColumns
        self.dataRows = dataRows
        self.dataColumns = dataColumns
        var pairs = Line.zero
        for bit in 4..<(size + 3) { pairs.set(bit) }
        self.pairs = pairs
        formatPositions = QRMatrix.formatInformationPositions(size: size).map { (y: $0 / size, x: $0 % size) }
    }

    /// The mask with the lowest penalty, the lowest-numbered one on a tie.
    func bestMask(level: QRErrorCorrectionLevel) -> Int {
        var rows = baseRows, columns = baseColumns
        var best = 0
        var bestScore = Int.max
        for mask in 0..<8 {
            // The mask's pattern along a line repeats every 12 modules; only data modules change.
            var rowPatterns = [Line](repeating: .zero, count: 12), columnPatterns = rowPatterns
            for residue in 0..<12 {
                rowPatterns[residue] = Line(wide: QRMask.linePatterns.rows[mask * 12 + residue])
                columnPatterns[residue] = Line(wide: QRMask.linePatterns.columns[mask * 12 + residue])
            }
            for line in 0..<size {
                rows[line] = baseRows[line] ^ (rowPatterns[line % 12] & dataRows[line])
                columns[line] = baseColumns[line] ^ (columnPatterns[line % 12] & dataColumns[line])
            }
            let bits = QRMatrix.formatInformationBits(level: level, mask: mask)
            for (index, position) in formatPositions.enumerated() where (bits >> (index % 15)) & 1 != 0 {
                rows[position.y].set(position.x + 4)
                columns[position.x].set(position.y + 4)
            }
            let score = Self.penalty(rows: rows, columns: columns, size: size, pairs: pairs)
            if score < bestScore {
                bestScore = score
                best = mask
            }
        }
        return best
    }

    /// The penalty of a symbol given by its rows and its columns (`QRMask.penalty` says what
    /// each rule counts).
    static func penalty(rows: [Line], columns: [Line], size: Int) -> Int {
        var pairs = Line.zero
        for bit in 4..<(size + 3) { pairs.set(bit) }
        return penalty(rows: rows, columns: columns, size: size, pairs: pairs)
    }

    private static func penalty(rows: [Line], columns: [Line], size: Int, pairs: Line) -> Int {
        var score = 0
        var dark = 0
        rows.withUnsafeBufferPointer { rows in
            for line in rows {
                score += linePenalty(line, pairs: pairs)
                dark += line.ones
            }
            // N2: a block is a module equal to the one below it, to its right, and below that.
            var blocks = 0
            for y in 0..<(size - 1) {
                let top = rows[y]
                let vertical = ~(top ^ rows[y + 1])
                let horizontal = ~(top ^ top.down(1))
                blocks += (vertical & vertical.down(1) & horizontal & pairs).ones
            }
            score += 3 * blocks
        }
        columns.withUnsafeBufferPointer { columns in
            for line in columns { score += linePenalty(line, pairs: pairs) }
        }
        let total = size * size
        score += abs(dark * 20 - total * 10) / total * 10
        return score
    }

    /// N1 and N3 of one line.
    @inline(__always)
    private static func linePenalty(_ line: Line, pairs: Line) -> Int {
        let shifted1 = line.down(1), shifted2 = line.down(2), shifted3 = line.down(3)
        // N1: a run of n ≥ 5 scores n − 2: one for each five-module window of one colour
        // (n − 4), and two more where a run starts.
        let equal = ~(line ^ shifted1) & pairs
        let windows = equal & equal.down(1) & equal.down(2) & equal.down(3)
        let starts = windows & ~equal.up(1)
        var score = windows.ones + 2 * starts.ones
        // N3: dark, light, dark × 3, light, dark, with four light modules before or after.
        let core = line & ~shifted1 & shifted2 & shifted3 & line.down(4) & ~line.down(5) & line.down(6)
        if core != .zero {
            let light = ~(line | shifted1 | shifted2 | shifted3)
            score += 40 * ((core & light.up(4)).ones + (core & light.down(7)).ones)
        }
        return score
    }
}
