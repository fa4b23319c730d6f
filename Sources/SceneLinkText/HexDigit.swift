/// Hexadecimal digits (`HEXDIG` in RFC 5234 §B.1, either case), as percent-escapes
/// (RFC 3986 §2.1) and chunk sizes (RFC 9112 §7.1) write them.
public enum HexDigit {
    /// The value of the digit `byte` (`0`–`9`, `a`–`f`, `A`–`F`), or nil when it is not one.
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
