/// Percent-decoding (RFC 3986 §2.1) of one component.
public enum PercentDecoding {
    /// Decodes `%XX` escapes once. Returns nil when an escape is malformed or the
    /// result is not valid UTF-8.
    public static func decode<S: StringProtocol>(_ text: S) -> String? {
        if let decoded = text.utf8.withContiguousStorageIfAvailable({ decode(utf8: $0) }) { return decoded }
        var copy = String(text)
        return copy.withUTF8 { decode(utf8: $0) }
    }

    /// Decodes `%XX` escapes in UTF-8 bytes held in any collection; nil as for `decode(_:)`.
    public static func decode<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> String? {
        if let decoded = bytes.withContiguousStorageIfAvailable({ decode(utf8: $0) }) { return decoded }
        return Array(bytes).withUnsafeBufferPointer { decode(utf8: $0) }
    }

    /// Decodes `%XX` escapes in UTF-8 bytes once; nil as for `decode(_:)`. Bytes without
    /// an escape become the string as they are (after a UTF-8 check).
    public static func decode(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var escaped = false, ascii = true
        for byte in bytes {
            escaped = escaped || byte == UInt8(ascii: "%")
            ascii = ascii && byte < 0x80
        }
        guard escaped else { return string(bytes, isASCII: ascii) }
        // Decoding only shortens, so the input's length bounds the output.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer -> String? in
            var count = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, let high = HexDigit.value(of: bytes[index + 1]),
                          let low = HexDigit.value(of: bytes[index + 2]) else { return nil }
                    buffer[count] = high << 4 | low
                    index += 3
                } else {
                    buffer[count] = byte
                    index += 1
                }
                count += 1
            }
            return string(validating: UnsafeBufferPointer(rebasing: buffer[0 ..< count]))
        }
    }

    /// `bytes` as a string, or nil when they are not UTF-8. ASCII (nearly every URL) skips
    /// the general validator, which is not specialised for buffers and costs far more.
    static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        return string(bytes, isASCII: ascii)
    }

    /// `bytes` as a string: ASCII as it is, anything else validated as UTF-8 (nil if it is not).
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String? {
        isASCII ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// Whether `decode(utf8:)` succeeds.
    public static func isDecodable(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        decode(utf8: bytes) != nil
    }
}
