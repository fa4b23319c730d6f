/// Base64url without padding (RFC 4648 §5), for tokens and ids that travel in headers and paths.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] as [UInt32] { out.append(alphabet[Int((chunk >> shift) & 0x3f)]) }
            index += 3
        }
        let remaining = bytes.count - index
        if remaining == 1 {
            let chunk = UInt32(bytes[index]) << 16
            out.append(alphabet[Int((chunk >> 18) & 0x3f)])
            out.append(alphabet[Int((chunk >> 12) & 0x3f)])
        } else if remaining == 2 {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out.append(alphabet[Int((chunk >> 18) & 0x3f)])
            out.append(alphabet[Int((chunk >> 12) & 0x3f)])
            out.append(alphabet[Int((chunk >> 6) & 0x3f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of unpadded base64url `text`; nil when a character is outside the alphabet,
    /// the length cannot be unpadded base64 (4n + 1), or the last character carries bits that
    /// `encode` would have left zero (so every byte string has exactly one text).
    static func decode<Text: Collection<UInt8>>(_ text: Text) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0, bits = 0
        for character in text {
            guard let value = sextet(character) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return buffer == 0 ? out : nil
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        default: return nil
        }
    }
}
