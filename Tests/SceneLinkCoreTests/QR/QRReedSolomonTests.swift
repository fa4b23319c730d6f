import Testing
@testable import SceneLinkCore

@Suite struct QRReedSolomonTests {
    @Test func theStandardsWorkedExampleGetsItsTenErrorCorrectionCodewords() {
        // ISO/IEC 18004, Annex I: "01234567" at version 1-M.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let ecc = QRReedSolomon(degree: 10).remainder(of: data[...])
        #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func fieldMultiplicationReducesByTheQRPolynomial() {
        #expect(QRReedSolomon.multiply(0x80, 2) == 0x1D)  // x^8 = x^4 + x^3 + x^2 + 1
        // α^100 · α^200 = α^(300 mod 255) = α^45, and α^255 = 1.
        #expect(QRReedSolomon.multiply(QRReedSolomon.exponent[100], QRReedSolomon.exponent[200]) == QRReedSolomon.exponent[45])
        #expect(QRReedSolomon.exponent[255] == 1)
        #expect(QRReedSolomon.logarithm[Int(QRReedSolomon.exponent[77])] == 77)
    }
}
