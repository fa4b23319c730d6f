/// The ASCII bytes the HTTP/1.1 grammar names (RFC 9112, RFC 9110, RFC 5234 §B.1), so that
/// the decoder reads as the grammar does.
extension UInt8 {
    static let htab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let doubleQuote: UInt8 = 0x22    // "
    static let numberSign: UInt8 = 0x23     // #
    static let asterisk: UInt8 = 0x2A       // *
    static let plus: UInt8 = 0x2B           // +
    static let hyphen: UInt8 = 0x2D         // -
    static let period: UInt8 = 0x2E         // .
    static let slash: UInt8 = 0x2F          // /
    static let zero: UInt8 = 0x30           // 0
    static let nine: UInt8 = 0x39           // 9
    static let colon: UInt8 = 0x3A          // :
    static let semicolon: UInt8 = 0x3B      // ;
    static let equalsSign: UInt8 = 0x3D     // =
    static let questionMark: UInt8 = 0x3F   // ?
    static let atSign: UInt8 = 0x40         // @
    static let leftBracket: UInt8 = 0x5B    // [
    static let backslash: UInt8 = 0x5C      // \
    static let rightBracket: UInt8 = 0x5D   // ]
    static let delete: UInt8 = 0x7F
}
