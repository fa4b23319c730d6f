/// How much of a QR code can be damaged and still read (ISO/IEC 18004:2015, 5.4 and Table 7).
///
/// A higher level recovers more damage and needs a larger symbol for the same data:
/// L about 7 % of codewords, M 15 %, Q 25 %, H 30 %.
public enum QRErrorCorrectionLevel: String, CaseIterable, Sendable {
    case low = "L"
    case medium = "M"
    case quartile = "Q"
    case high = "H"

    /// The level SceneLink draws a link's code at when none is asked for (`/v1/qr` without `ecc`,
    /// `scenelink qr`, the link pages and the console): M, which survives a smudged print.
    public static let standard = QRErrorCorrectionLevel.medium

    /// The level named by its letter (`L`, `M`, `Q`, `H`, either case); nil for anything else.
    public init?(letter: String) {
        switch letter {
        case "L", "l": self = .low
        case "M", "m": self = .medium
        case "Q", "q": self = .quartile
        case "H", "h": self = .high
        default: return nil
        }
    }

    /// The two bits this level has in the format information (Table 12): L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    /// Row of this level in `QRVersion`'s tables.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
