import Testing
@testable import SceneLinkCore

@Suite struct QRMatrixTests {
    @Test func formatInformationMatchesTheStandardsTable() {
        // ISO/IEC 18004, Annex C (Table C.1): level and mask → the 15 bits after the XOR mask.
        let expected: [(QRErrorCorrectionLevel, Int, Int)] = [
            (.medium, 0, 0b101010000010010), (.medium, 5, 0b100000011001110), (.medium, 7, 0b100101010100000),
            (.low, 0, 0b111011111000100), (.low, 4, 0b110011000101111), (.low, 7, 0b110100101110110),
            (.high, 0, 0b001011010001001), (.high, 2, 0b001110011100111), (.high, 3, 0b001100111010000),
            (.quartile, 0, 0b011010101011111), (.quartile, 6, 0b010111011011010),
        ]
        for (level, mask, bits) in expected {
            #expect(QRMatrix.formatInformationBits(level: level, mask: mask) == bits, "level \(level.rawValue) mask \(mask)")
        }
    }

    @Test func versionInformationMatchesTheStandardsTable() throws {
        // ISO/IEC 18004, Annex D (Table D.1).
        let expected = [7: 0x07C94, 8: 0x085BC, 12: 0x0C762, 21: 0x15683, 33: 0x21_6F0, 40: 0x28C69]
        for (number, bits) in expected {
            let version = try #require(QRVersion(number))
            #expect(version.versionInformationBits == bits, "version \(number)")
        }
    }

    @Test func formatInformationSitsAroundTheFindersInBothCopies() {
        // Version 1 (21 modules): bit 0 at (8, 0) and (20, 8); bit 14 at (0, 8) and (8, 20).
        let positions = QRMatrix.formatInformationPositions(size: 21)
        #expect(positions.count == 30)
        #expect(positions[0] == 0 * 21 + 8 && positions[15] == 8 * 21 + 20)
        #expect(positions[6] == 7 * 21 + 8)  // row 6 is the timing pattern
        #expect(positions[14] == 8 * 21 + 0 && positions[29] == 20 * 21 + 8)
        #expect(Set(positions).count == 30)
    }

    @Test func functionPatternsLeaveTheStandardsCountOfDataModules() throws {
        for number in [1, 2, 6, 7, 14, 32, 40] {
            let version = try #require(QRVersion(number))
            let matrix = QRMatrix(version: version)
            let free = matrix.isFunction.filter { $0 == 0 }.count
            #expect(free == version.rawDataModules, "version \(number)")
        }
        // Table 1: version 1 has 208 data modules (26 codewords), version 40 has 29,648 (3,706 codewords).
        #expect(QRVersion(1)?.rawDataModules == 208)
        #expect(QRVersion(40)?.totalCodewords == 3706)
    }

    @Test func finderTimingAndDarkModuleAreDrawn() throws {
        let matrix = QRMatrix(version: try #require(QRVersion(2)))
        let size = matrix.size
        let topLeftFinderRow: [UInt8] = [1, 1, 1, 1, 1, 1, 1, 0]
        #expect(Array(matrix.modules[0..<8]) == topLeftFinderRow)
        #expect(Array(matrix.modules[(2 * size)..<(2 * size + 8)]) == [1, 0, 1, 1, 1, 0, 1, 0])
        #expect((8..<(size - 8)).map { matrix.modules[6 * size + $0] } == (8..<(size - 8)).map { $0 % 2 == 0 ? 1 : 0 })
        #expect(matrix.modules[(size - 8) * size + 8] == 1)
        // Version 2's one alignment pattern is centred at (18, 18).
        #expect(matrix.modules[18 * size + 18] == 1 && matrix.modules[17 * size + 18] == 0 && matrix.modules[16 * size + 18] == 1)
    }

    @Test func alignmentPatternsAreWhereAnnexEPutsThem() {
        #expect(QRVersion(1)?.alignmentPatternPositions == [])
        #expect(QRVersion(7)?.alignmentPatternPositions == [6, 22, 38])
        #expect(QRVersion(15)?.alignmentPatternPositions == [6, 26, 48, 70])
        #expect(QRVersion(32)?.alignmentPatternPositions == [6, 34, 60, 86, 112, 138])
        #expect(QRVersion(36)?.alignmentPatternPositions == [6, 24, 50, 76, 102, 128, 154])
        #expect(QRVersion(40)?.alignmentPatternPositions == [6, 30, 58, 86, 114, 142, 170])
    }
}
