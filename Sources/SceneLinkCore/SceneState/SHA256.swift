/// SHA-256 (FIPS 180-4), for hashing session tokens. CryptoKit does not exist on Linux and
/// SceneLink takes no packages, so this is a plain implementation, checked in tests against
/// the FIPS 180-4 / NIST example vectors. Every authorised request hashes its token, so the
/// rounds run on fixed-size buffers (about 3,000 instructions for a 43-byte token).
public enum SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The eight 32-bit words of a digest, first to last.
    typealias Words = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    /// The 32-byte digest of `message`.
    public static func hash<Bytes: Collection>(_ message: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let state = words(of: message)
        return [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            withUnsafeBytes(of: state) { raw in
                for index in 0 ..< 8 {
                    let word = raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                    digest[index * 4] = UInt8(truncatingIfNeeded: word >> 24)
                    digest[index * 4 + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    digest[index * 4 + 2] = UInt8(truncatingIfNeeded: word >> 8)
                    digest[index * 4 + 3] = UInt8(truncatingIfNeeded: word)
                }
            }
            count = 32
        }
    }

    /// The digest of `message` as its eight words.
    private static func words<Bytes: Collection>(of message: Bytes) -> Words where Bytes.Element == UInt8 {
        // Padding (FIPS 180-4 §5.1.1): 0x80, zeros to 56 mod 64, then the bit length big-endian.
        let length = message.count
        let paddedLength = (length + 1 + 8 + 63) / 64 * 64
        var state: Words = (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        // Session checks hash a token on every request: the message is padded in a stack
        // buffer and the rounds run on fixed-size buffers, without array bounds checks,
        // allocations or reference counting.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: paddedLength) { padded in
            _ = UnsafeMutableBufferPointer(rebasing: padded[0 ..< length]).initialize(fromContentsOf: message)
            padded[length] = 0x80
            padded[(length + 1)...].initialize(repeating: 0)
            let bitLength = UInt64(length) &* 8
            for index in 0 ..< 8 {
                padded[paddedLength - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(index * 8))
            }
            roundConstants.withUnsafeBufferPointer { constants in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    for blockStart in stride(from: 0, to: paddedLength, by: 64) {
                        compress(block: UnsafeBufferPointer(rebasing: padded[blockStart ..< blockStart + 64]),
                                 constants: constants, schedule: schedule, state: &state)
                    }
                }
            }
        }
        return state
    }

    /// One 64-byte block into `state` (FIPS 180-4 §6.2.2).
    @inline(__always)
    private static func compress(block: UnsafeBufferPointer<UInt8>, constants: UnsafeBufferPointer<UInt32>,
                                 schedule: UnsafeMutableBufferPointer<UInt32>,
                                 state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
        for t in 0 ..< 16 {
            let i = t * 4
            schedule[t] = UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
        }
        for t in 16 ..< 64 {
            let w15 = schedule[t - 15], w2 = schedule[t - 2]
            let s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
            let s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
            schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for t in 0 ..< 64 {
            let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
            let choose = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choose &+ constants[t] &+ schedule[t]
            let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            h = g; g = f; f = e; e = d &+ temp1
            d = c; c = b; b = a; a = temp1 &+ temp2
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                 state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    @inline(__always)
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
