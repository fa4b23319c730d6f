/// SipHash-c-d (Aumasson and Bernstein, 2012): a pseudo-random function of a 128-bit key for
/// short messages, with `c` rounds per 8-byte word and `d` rounds to finish. Two variants:
///
/// - `.sipHash24`, the paper's recommendation: the round function of `ClaimCodeCipher`, whose
///   output is public (it is inside a claim's code) and must not reveal the key.
/// - `.sipHash13`, the variant Swift's `Hasher` and Rust's hash maps use: a visitor's hash
///   (`AnalyticsSalt`), made on every counted visit and never shown to anyone.
///
/// A plain implementation, checked in tests against the reference implementation's vectors
/// (2-4) and an independent implementation's (1-3); it allocates nothing.
enum SipHash {
    /// How many rounds absorb each word (`c`) and finish (`d`).
    struct Rounds: Sendable {
        let compression: Int
        let finalization: Int

        /// SipHash-2-4.
        static let sipHash24 = Rounds(compression: 2, finalization: 4)
        /// SipHash-1-3.
        static let sipHash13 = Rounds(compression: 1, finalization: 3)
    }

    /// The 64-bit output for `message` under the key `(k0, k1)`, the key's first and last 8
    /// bytes read little-endian.
    static func hash<Bytes: Collection>(_ message: Bytes, key: (UInt64, UInt64), rounds: Rounds) -> UInt64
    where Bytes.Element == UInt8 {
        var state = State(key: key, rounds: rounds)
        var word: UInt64 = 0, count = 0
        for byte in message {
            word |= UInt64(byte) << UInt64((count % 8) * 8)
            count += 1
            if count % 8 == 0 {
                state.absorb(word)
                word = 0
            }
        }
        // The last word: the remaining bytes, and the length's low byte at the top.
        state.absorb(word | UInt64(truncatingIfNeeded: count) << 56)
        return state.finish()
    }

    /// The output for the 17-byte message of two little-endian words and a byte: the same as
    /// `hash(_:key:rounds:)` of those bytes, without building them (a visitor's hash, on every
    /// visit: an address and a browser family).
    static func hash(words w0: UInt64, _ w1: UInt64, byte: UInt8, key: (UInt64, UInt64), rounds: Rounds) -> UInt64 {
        var state = State(key: key, rounds: rounds)
        state.absorb(w0)
        state.absorb(w1)
        state.absorb(UInt64(byte) | UInt64(17) << 56)
        return state.finish()
    }

    /// SipHash's four words, as a value the compiler keeps in registers.
    private struct State {
        var v0, v1, v2, v3: UInt64
        let rounds: Rounds

        @inline(__always) init(key: (UInt64, UInt64), rounds: Rounds) {
            v0 = key.0 ^ 0x736f_6d65_7073_6575
            v1 = key.1 ^ 0x646f_7261_6e64_6f6d
            v2 = key.0 ^ 0x6c79_6765_6e65_7261
            v3 = key.1 ^ 0x7465_6462_7974_6573
            self.rounds = rounds
        }

        @inline(__always) mutating func round() {
            v0 &+= v1; v1 = v1.rotatedLeft(13); v1 ^= v0; v0 = v0.rotatedLeft(32)
            v2 &+= v3; v3 = v3.rotatedLeft(16); v3 ^= v2
            v0 &+= v3; v3 = v3.rotatedLeft(21); v3 ^= v0
            v2 &+= v1; v1 = v1.rotatedLeft(17); v1 ^= v2; v2 = v2.rotatedLeft(32)
        }

        @inline(__always) mutating func absorb(_ word: UInt64) {
            v3 ^= word
            for _ in 0..<rounds.compression { round() }
            v0 ^= word
        }

        @inline(__always) mutating func finish() -> UInt64 {
            v2 ^= 0xff
            for _ in 0..<rounds.finalization { round() }
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
