/// Reed–Solomon error correction over GF(2⁸) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator roots α⁰ … α^(n−1) (ISO/IEC 18004:2015, 7.5.2).
struct QRReedSolomon: Sendable {
    /// The generator polynomial's coefficients after the leading 1, highest degree first,
    /// as logarithms (every coefficient of these generators is non-zero).
    private let generatorLogs: [UInt8]

    /// A generator for `degree` error-correction codewords (1...255); the degrees QR codes use
    /// (up to 30) are made once.
    init(degree: Int) {
        if (1...Self.tableDegrees).contains(degree) {
            self = Self.table[degree - 1]
            return
        }
        self.init(computingDegree: degree)
    }

    private static let tableDegrees = 30
    private static let table: [QRReedSolomon] = (1...tableDegrees).map { QRReedSolomon(computingDegree: $0) }

    private init(computingDegree degree: Int) {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1  // the polynomial 1, stored highest degree first
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply by (x − root).
            for index in 0..<degree {
                coefficients[index] = Self.multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = Self.multiply(root, 2)
        }
        generatorLogs = coefficients.map { Self.logarithm[Int($0)] }
    }

    /// The error-correction codewords of `data`: the remainder of data · x^degree divided by
    /// the generator.
    func remainder(of data: ArraySlice<UInt8>) -> [UInt8] {
        let degree = generatorLogs.count
        var remainder = [UInt8](repeating: 0, count: degree)
        remainder.withUnsafeMutableBufferPointer { remainder in
            generatorLogs.withUnsafeBufferPointer { generator in
                Self.exponent.withUnsafeBufferPointer { exponent in
                    for byte in data {
                        let factor = byte ^ remainder[0]
                        for index in 1..<degree { remainder[index - 1] = remainder[index] }
                        remainder[degree - 1] = 0
                        guard factor != 0 else { continue }
                        let factorLog = Int(Self.logarithm[Int(factor)])
                        for index in 0..<degree {
                            remainder[index] ^= exponent[Int(generator[index]) + factorLog]
                        }
                    }
                }
            }
        }
        return remainder
    }

    /// a · b in GF(2⁸) mod 0x11D, bit by bit (used only to build the tables and generators).
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product: Int = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= ((Int(b) >> bit) & 1) * Int(a)
        }
        return UInt8(product & 0xFF)
    }

    /// α^i for i in 0..<510 (twice round, so a sum of two logarithms needs no reduction).
    static let exponent: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value: UInt8 = 1
        for index in 0..<510 {
            table[index] = value
            value = multiply(value, 2)
        }
        return table
    }()

    /// log_α(x) for x in 1...255 (index 0 unused).
    static let logarithm: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for index in 0..<255 { table[Int(exponent[index])] = UInt8(index) }
        return table
    }()
}
