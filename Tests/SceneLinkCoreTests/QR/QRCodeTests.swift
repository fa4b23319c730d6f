import Testing
@testable import SceneLinkCore

@Suite struct QRCodeTests {
    @Test func theStandardsNumericExampleIsVersion1MWithItsCodewords() throws {
        // ISO/IEC 18004, Annex I: "01234567" at M → 16 data codewords.
        let code = try QRCode(encoding: "01234567", level: .medium)
        #expect(code.version.number == 1 && code.mode == .numeric && code.size == 21)
        let version = try #require(QRVersion(1))
        let data = QRCode.dataCodewords(Array("01234567".utf8), mode: .numeric, version: version, level: .medium)
        #expect(data == [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
        let all = QRCode.interleavedCodewords(data, version: version, level: .medium)
        #expect(Array(all.suffix(10)) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func alphanumericPairsTakeElevenBits() throws {
        // "AC-42" (7.4.5's example): 00111001110 11100111001 000010, count 5 in 9 bits.
        let version = try #require(QRVersion(1))
        let data = QRCode.dataCodewords(Array("AC-42".utf8), mode: .alphanumeric, version: version, level: .high)
        // 0010 000000101 00111001110 11100111001 000010 0000 then padding.
        #expect(Array(data.prefix(6)) == [0b0010_0000, 0b0010_1001, 0b1100_1110, 0b1110_0111, 0b0010_0001, 0b0000_0000])
    }

    @Test func theMostCompactModeForTheWholeTextIsChosen() throws {
        #expect(try QRCode(encoding: "12345").mode == .numeric)
        #expect(try QRCode(encoding: "HTTPS://EXAMPLE.COM/S/AB12").mode == .alphanumeric)
        #expect(try QRCode(encoding: "https://example.com/s/ab12").mode == .byte)
        #expect(try QRCode(encoding: "12345", mode: .byte).mode == .byte)
        #expect(throws: QREncodingError.modeCannotEncode(.alphanumeric)) { try QRCode(encoding: "abc", mode: .alphanumeric) }
    }

    @Test func theSmallestVersionThatHoldsTheDataIsChosen() throws {
        // Byte mode at L: version 1 holds 17 bytes, version 2 holds 32 (Table 7).
        #expect(try QRCode(encoding: String(repeating: "a", count: 17), level: .low).version.number == 1)
        #expect(try QRCode(encoding: String(repeating: "a", count: 18), level: .low).version.number == 2)
        #expect(try QRCode(encoding: String(repeating: "a", count: 32), level: .low).version.number == 2)
        // Version 40-H holds 1,273 bytes; version 10 needs 16 bits of byte count.
        #expect(try QRCode(encoding: String(repeating: "a", count: 1273), level: .high).version.number == 40)
        #expect(try QRCode(encoding: String(repeating: "a", count: 2953), level: .low).version.number == 40)
        #expect(QRCode.smallestVersion(count: 7089, mode: .numeric, level: .low)?.number == 40)
        #expect(QRCode.smallestVersion(count: 4296, mode: .alphanumeric, level: .low)?.number == 40)
    }

    @Test func textTooLongForVersion40IsATypedErrorThatSaysHowMuchFits() {
        let text = String(repeating: "a", count: 1274)
        #expect(throws: QREncodingError.dataTooLong(bytes: 1274, mode: .byte, level: .high, maximumBytes: 1273)) {
            try QRCode(encoding: text, level: .high)
        }
        let error = QREncodingError.dataTooLong(bytes: 1274, mode: .byte, level: .high, maximumBytes: 1273)
        #expect(error.description == "The text is 1274 bytes; the largest QR code (version 40) at level H holds at most 1273 in byte mode: shorten it or choose a lower error-correction level.")
        #expect(QRCode.maximumCount(mode: .numeric, level: .low) == 7089)
        #expect(QRCode.maximumCount(mode: .alphanumeric, level: .high) == 1852)
    }

    @Test func emptyTextIsAVersion1Code() throws {
        let code = try QRCode(encoding: "")
        #expect(code.version.number == 1 && code.modules.count == 441)
    }

    @Test func theChosenMaskHasTheLowestPenalty() throws {
        let code = try QRCode(encoding: "https://fuelmoney.example.com/settings/account", level: .quartile)
        let matrix = QRMatrix(version: code.version)
        var candidate = [UInt8](repeating: 0, count: code.size * code.size)
        let data = QRCode.dataCodewords(Array("https://fuelmoney.example.com/settings/account".utf8), mode: .byte,
                                        version: code.version, level: .quartile)
        var placed = matrix
        placed.placeCodewords(QRCode.interleavedCodewords(data, version: code.version, level: .quartile))
        var scores: [Int] = []
        for mask in 0..<8 {
            QRMask.apply(mask, to: placed, into: &candidate)
            QRMatrix.writeFormatInformation(QRMatrix.formatInformationBits(level: .quartile, mask: mask),
                                            at: QRMatrix.formatInformationPositions(size: code.size), into: &candidate)
            scores.append(QRMask.penalty(candidate, size: code.size))
            if mask == code.mask { #expect(candidate == code.modules) }
        }
        #expect(scores[code.mask] == scores.min())
        #expect(Set(scores).count > 1)
    }

    @Test func isDarkIsFalseOutsideTheSymbol() throws {
        let code = try QRCode(encoding: "A")
        #expect(code.isDark(x: 0, y: 0))  // a finder's corner
        #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: 21, y: 3) && !code.isDark(x: 3, y: 100))
    }
}
