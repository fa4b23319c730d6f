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
}
