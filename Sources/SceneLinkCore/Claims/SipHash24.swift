/// SipHash-2-4 (Aumasson and Bernstein, 2012): a pseudo-random function of a 128-bit key for short
/// messages, the round function of `ClaimCodeCipher`. A plain implementation, checked in tests
/// against the reference implementation's vectors; it allocates nothing.
enum SipHash24 {
    /// The 64-bit output for `message` under the key `(k0, k1)`, the key's first and last 8
    /// bytes read little-endian.
    static func hash<Bytes: Collection>(_ message: Bytes, key: (UInt64, UInt64)) -> UInt64 where Bytes.Element == UInt8 {
        var v0 = key.0 ^ 0x736f_6d65_7073_6575, v1 = key.1 ^ 0x646f_7261_6e64_6f6d
        var v2 = key.0 ^ 0x6c79_6765_6e65_7261, v3 = key.1 ^ 0x7465_6462_7974_6573
        func round() {
            v0 &+= v1; v1 = v1.rotatedLeft(13); v1 ^= v0; v0 = v0.rotatedLeft(32)
            v2 &+= v3; v3 = v3.rotatedLeft(16); v3 ^= v2
            v0 &+= v3; v3 = v3.rotatedLeft(21); v3 ^= v0
            v2 &+= v1; v1 = v1.rotatedLeft(17); v1 ^= v2; v2 = v2.rotatedLeft(32)
        }
        func absorb(_ word: UInt64) {
            v3 ^= word
            round(); round()
            v0 ^= word
        }
        var word: UInt64 = 0, count = 0
        for byte in message {
            word |= UInt64(byte) << UInt64((count % 8) * 8)
            count += 1
            if count % 8 == 0 {
                absorb(word)
                word = 0
            }
        }
        // The last word: the remaining bytes, and the length's low byte at the top.
        absorb(word | UInt64(truncatingIfNeeded: count) << 56)
        v2 ^= 0xff
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// The output for the 17-byte message of two little-endian words and a byte: the same as
    /// `hash(_:key:)` of those bytes, without building them (a visitor's hash, on every visit:
    /// an address and a browser family).
    static func hash(words w0: UInt64, _ w1: UInt64, byte: UInt8, key: (UInt64, UInt64)) -> UInt64 {
        var state = State(key: key)
        state.absorb(w0)
        state.absorb(w1)
        state.absorb(UInt64(byte) | UInt64(17) << 56)
        return state.finish()
    }

    /// SipHash's four words, as a value the compiler keeps in registers.
    private struct State {
        var v0, v1, v2, v3: UInt64

        init(key: (UInt64, UInt64)) {
            v0 = key.0 ^ 0x736f_6d65_7073_6575
            v1 = key.1 ^ 0x646f_7261_6e64_6f6d
            v2 = key.0 ^ 0x6c79_6765_6e65_7261
            v3 = key.1 ^ 0x7465_6462_7974_6573
        }

        @inline(__always) mutating func round() {
            v0 &+= v1; v1 = v1.rotatedLeft(13); v1 ^= v0; v0 = v0.rotatedLeft(32)
            v2 &+= v3; v3 = v3.rotatedLeft(16); v3 ^= v2
            v0 &+= v3; v3 = v3.rotatedLeft(21); v3 ^= v0
            v2 &+= v1; v1 = v1.rotatedLeft(17); v1 ^= v2; v2 = v2.rotatedLeft(32)
        }

        @inline(__always) mutating func absorb(_ word: UInt64) {
            v3 ^= word
            round(); round()
            v0 ^= word
        }

        mutating func finish() -> UInt64 {
            v2 ^= 0xff
            round(); round(); round(); round()
            return v0 ^ v1 ^ v2 ^ v3
        }
    }

    /// The key's two words from 16 bytes, little-endian.
    static func key(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        func word(_ start: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[start + $1]) << UInt64($1 * 8) }
        }
        return (word(0), word(8))
    }
}

extension UInt64 {
    /// The bits rotated `count` places towards the top.
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
