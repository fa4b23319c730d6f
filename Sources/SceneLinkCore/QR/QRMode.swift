/// How a QR code's data is written (ISO/IEC 18004:2015, 7.4): one mode for the whole text.
///
/// `QRCode` picks the most compact mode the whole text fits: numeric for digits only,
/// alphanumeric for digits, upper-case letters and ` $%*+-./:`, byte (UTF-8) for anything else.
public enum QRMode: String, CaseIterable, Sendable {
    case numeric
    case alphanumeric
    case byte

    /// The most compact mode that holds every byte of `bytes`.
    public static func smallest(for bytes: some Collection<UInt8>) -> QRMode {
        var mode = QRMode.numeric
        for byte in bytes {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { continue }
            if alphanumericValue(byte) < 0 { return .byte }
            mode = .alphanumeric
        }
        return mode
    }

    /// Whether every byte of `bytes` can be written in this mode.
    public func canEncode(_ bytes: some Collection<UInt8>) -> Bool {
        switch self {
        case .byte: true
        case .alphanumeric: bytes.allSatisfy { Self.alphanumericValue($0) >= 0 }
        case .numeric: bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
    }

    /// The four-bit mode indicator (Table 2).
    var indicator: Int {
        switch self {
        case .numeric: 0b0001
        case .alphanumeric: 0b0010
        case .byte: 0b0100
        }
    }

    /// Bits of the character count indicator in `version` (Table 3).
    func countBits(version: Int) -> Int {
        let group = version <= 9 ? 0 : (version <= 26 ? 1 : 2)
        switch self {
        case .numeric: return [10, 12, 14][group]
        case .alphanumeric: return [9, 11, 13][group]
        case .byte: return [8, 16, 16][group]
        }
    }

    /// Bits the data of `count` characters takes in this mode, without mode and count indicators.
    func dataBits(count: Int) -> Int {
        switch self {
        case .numeric: return count / 3 * 10 + [0, 4, 7][count % 3]
        case .alphanumeric: return count / 2 * 11 + (count % 2) * 6
        case .byte: return count * 8
        }
    }

    /// The value of `byte` in the alphanumeric table (Table 5), or -1.
    static func alphanumericValue(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 48
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte) - 55
        case UInt8(ascii: " "): 36
        case UInt8(ascii: "$"): 37
        case UInt8(ascii: "%"): 38
        case UInt8(ascii: "*"): 39
        case UInt8(ascii: "+"): 40
        case UInt8(ascii: "-"): 41
        case UInt8(ascii: "."): 42
        case UInt8(ascii: "/"): 43
        case UInt8(ascii: ":"): 44
        default: -1
        }
    }
}
