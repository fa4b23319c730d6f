import Foundation

/// How strong a secret an operator chose looks (the admin token), and how to make a strong one.
///
/// The estimate is deliberately simple, so that a refusal can be explained in one sentence and
/// checked by hand. For a token's characters (a trailing `=` padding left out):
///
/// 1. **The pool** is the sum of the sizes of the character classes the token uses: lowercase
///    letters 26, uppercase letters 26, digits 10, the other token68 symbols (`-._~+/=`) 7.
/// 2. **Low diversity**: each character is worth `log2(min(pool, distinct))` bits, where
///    `distinct` is how many different characters the token holds: a token of one repeated
///    character is worth nothing, one of two characters one bit each.
/// 3. **Runs and sequences**: a character that repeats the one before it, or is the next or
///    previous one in ASCII (`aaa`, `abc`, `321`), adds nothing.
///
/// `estimatedBits` = characters that count × bits per character. A token needs at least
/// `minimumBits` (128). Thirty-two random bytes in base64url (`scenelink token`, `makeToken()`)
/// come to about 200; `openssl rand -hex 32` to about 240; `aaaaaaaaaaaaaaaa` to 0, and words
/// with a counter such as `my-admin-token-0123456789` to well under 128.
///
/// ```swift
/// SecretStrength.estimatedBits("aaaaaaaaaaaaaaaa")           // 0
/// SecretStrength.estimatedBits(SecretStrength.makeToken())  // about 200
/// ```
package enum SecretStrength {
    /// The fewest estimated bits an admin token may have.
    package static let minimumBits = 128

    /// The random bytes `makeToken()` writes.
    package static let tokenBytes = 32

    /// The estimated entropy of `secret` in bits, by the rule above (rounded down).
    package static func estimatedBits(_ secret: String) -> Int {
        var characters = Array(secret.utf8)
        while characters.last == UInt8(ascii: "=") { characters.removeLast() }
        guard !characters.isEmpty else { return 0 }
        var pool = 0
        if characters.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) { pool += 26 }
        if characters.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) { pool += 26 }
        if characters.contains(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { pool += 10 }
        if characters.contains(where: { !isAlphanumeric($0) }) { pool += 7 }
        let distinct = Set(characters).count
        let bitsPerCharacter = log2(Double(min(pool, distinct)))
        var counting = 1
        for index in characters.indices.dropFirst() {
            let step = Int(characters[index]) - Int(characters[index - 1])
            if abs(step) > 1 { counting += 1 }
        }
        return Int((Double(counting) * bitsPerCharacter).rounded(.down))
    }

    /// A new secret: `tokenBytes` bytes from `SystemRandomNumberGenerator` (the kernel CSPRNG) in
    /// base64url without padding (RFC 4648 §5), 43 characters that travel as a bearer token.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<tokenBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
