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
}
