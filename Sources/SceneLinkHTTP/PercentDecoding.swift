/// Percent-decoding (RFC 3986 §2.1) of one component.
public enum PercentDecoding {
    /// Decodes `%XX` escapes once. Returns nil when an escape is malformed or the
    /// result is not valid UTF-8.
    public static func decode<S: StringProtocol>(_ text: S) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue),
                      let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Decodes `%XX` escapes in UTF-8 bytes once; nil as for `decode(_:)`. Bytes without
    /// an escape become the string as they are (after a UTF-8 check).
    public static func decode(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(validating: bytes, as: UTF8.self) }
        return decode(Substring(decoding: bytes, as: UTF8.self))
    }

    /// Whether `decode(utf8:)` succeeds, without building the string when there is no escape.
    public static func isDecodable(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(validating: bytes, as: UTF8.self) != nil }
        return decode(utf8: bytes) != nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
