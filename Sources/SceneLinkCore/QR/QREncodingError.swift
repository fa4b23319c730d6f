/// Why a text cannot become a QR code.
public enum QREncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text needs more than version 40 holds at this level in this mode.
    case dataTooLong(bytes: Int, mode: QRMode, level: QRErrorCorrectionLevel, maximumBytes: Int)
    /// A mode was asked for that cannot write these bytes (alphanumeric for lower-case letters, say).
    case modeCannotEncode(QRMode)

    public var description: String {
        switch self {
        case let .dataTooLong(bytes, mode, level, maximumBytes):
            "The text is \(bytes) bytes; the largest QR code (version 40) at level \(level.rawValue) holds at most \(maximumBytes) in \(mode.rawValue) mode: shorten it or choose a lower error-correction level."
        case let .modeCannotEncode(mode):
            "The text has characters \(mode.rawValue) mode cannot write: use byte mode."
        }
    }
}
