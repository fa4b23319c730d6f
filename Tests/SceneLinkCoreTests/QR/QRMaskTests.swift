import Testing
@testable import SceneLinkCore

@Suite struct QRMaskTests {
    @Test func anAllLightSymbolScoresEveryRule() {
        // 21 × 21 light: N1 (21 − 2) × 21 rows × 2 directions = 798; N2 20 × 20 blocks × 3 = 1,200;
        // N3 none (no dark module); N4 0 % dark is 10 steps of 5 % away → 100.
        #expect(QRMask.penalty([UInt8](repeating: 0, count: 441), size: 21) == 2098)
    }

    @Test func aFinderLikePatternWithLightOnBothSidesCountsTwice() {
        // One row 0000 1011101 0000 + 2 more light modules in a 17 × 17 otherwise checkerboard.
        let size = 17
        var modules = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size { for x in 0..<size { modules[y * size + x] = UInt8((x + y) % 2) } }
        let base = QRMask.penalty(modules, size: size)
        let row: [UInt8] = [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
        // Put the row at y = 8 where the columns stay alternating enough not to add N1/N3 of their own.
        var patterned = modules
        for x in 0..<size { patterned[8 * size + x] = row[x] }
        let score = QRMask.penalty(patterned, size: size)
        #expect(score - base >= 80)
    }

    @Test func masksFollowTable10() {
        // Mask 0 inverts (0,0), not (1,0); mask 1 every other row; mask 2 every third column.
        #expect(QRMask.tiles[0] == 1 && QRMask.tiles[1] == 0)
        #expect(QRMask.tiles[144 + 5] == 1 && QRMask.tiles[144 + 12 + 5] == 0)
        #expect(QRMask.tiles[2 * 144 + 3] == 1 && QRMask.tiles[2 * 144 + 4] == 0)
        // Mask 4: ((i div 2) + (j div 3)) mod 2 = 0 → (i 2, j 0) is not inverted, (i 2, j 3) is.
        #expect(QRMask.tiles[4 * 144 + 2 * 12 + 0] == 0 && QRMask.tiles[4 * 144 + 2 * 12 + 3] == 1)
    }

    /// The penalty rules written plainly, module by module, as the test's oracle.
    private func referencePenalty(_ modules: [UInt8], size: Int) -> Int {
        func module(_ x: Int, _ y: Int) -> UInt8 { x < 0 || y < 0 || x >= size || y >= size ? 0 : modules[y * size + x] }
        var score = 0
        for vertical in [false, true] {
            for line in 0..<size {
                let value = { (i: Int) -> UInt8 in vertical ? module(line, i) : module(i, line) }
                var run = 1
                for i in 1...size {
                    if i < size && value(i) == value(i - 1) { run += 1; continue }
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
                let core: [UInt8] = [1, 0, 1, 1, 1, 0, 1]
                for start in -4..<size {
                    guard (0..<7).allSatisfy({ value(start + $0) == core[$0] }) else { continue }
                    if (1...4).allSatisfy({ value(start - $0) == 0 }) { score += 40 }
                    if (7...10).allSatisfy({ value(start + $0) == 0 }) { score += 40 }
                }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let sum = module(x, y) + module(x + 1, y) + module(x, y + 1) + module(x + 1, y + 1)
                if sum == 0 || sum == 4 { score += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + Int($1) }
        return score + abs(dark * 20 - size * size * 10) / (size * size) * 10
    }

    @Test func theBitwiseScoreEqualsTheRulesModuleByModule() {
        var generator = SystemRandomNumberGenerator()
        for size in [21, 25, 53, 57, 101, 177] {
            for density in [2, 3, 7] {
                // Sparse and dense symbols, so long runs and finder-like patterns both occur.
                let modules = (0..<(size * size)).map { _ in UInt8(Int.random(in: 0..<density, using: &generator) == 0 ? 1 : 0) }
                #expect(QRMask.penalty(modules, size: size) == referencePenalty(modules, size: size), "size \(size)")
                if UInt64.holds(size: size) {
                    var rows = [UInt64](repeating: 0, count: size), columns = rows
                    for y in 0..<size { for x in 0..<size where modules[y * size + x] != 0 { rows[y].set(x + 4); columns[x].set(y + 4) } }
                    #expect(QRMaskScore<UInt64>.penalty(rows: rows, columns: columns, size: size) == referencePenalty(modules, size: size))
                }
            }
        }
        let code = try? QRCode(encoding: "https://fuelmoney.example.com/settings/account")
        #expect(code.map { QRMask.penalty($0.modules, size: $0.size) == referencePenalty($0.modules, size: $0.size) } == true)
    }
}
