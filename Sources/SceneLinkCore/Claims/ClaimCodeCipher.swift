import Foundation

/// Turns a claim's id into its short code, and a typed code back into the claim's id, with a
/// secret key that each store makes once and keeps (`ClaimStore.claimCodes`).
///
/// **Why a cipher.** A code must be unguessable, so it cannot be the id itself; a random code,
/// though, needs an index of its own, and a random index puts every new claim on a random page
/// of it: a group commit of claims then wrote a page per claim, and the write-ahead log and the
/// link page's cost grew with the table. A code is instead the claim's id encrypted: stores find
/// a claim by its id alone, and claims are appended in id order.
///
/// **How.** The code's 40 bits are the low 40 bits of the id (`ClaimToken.nextID(at:)`: 20 bits
/// of the second it was made, then a 20-bit counter) through a 10-round balanced Feistel network
/// on 20-bit halves, a keyed permutation of the 2⁴⁰ codes. Each round's function is the top 20
/// bits of SipHash-2-4 (a pseudo-random function made for short inputs) of the round and the
/// half under the 128-bit key. Without the key, the codes a visitor collects say nothing about
/// anyone else's, and a guess hits a live claim with the same odds as a random code.
///
/// **Reading a code back** gives the id's low 40 bits; the second it was made is the latest one
/// with those low 20 bits no later than `clockSkewAllowance` after now. That is exact while the
/// code lives less than 2²⁰ seconds (12 days) minus the allowance, which `maximumCodeLifetime`
/// (7 days) keeps. An older claim with the same low bits is never reached; its code expired long ago.
///
/// ```swift
/// guard let codes = ClaimCodeCipher(key: key) else { … }       // the store's 16-byte key
/// let code = codes.code(forClaim: id)                           // "7K2M-Q9XD"
/// codes.claimID(of: code, at: now) == id                        // while the code lives
/// ```
public struct ClaimCodeCipher: Sendable {
    /// Bytes in a key (SipHash's 128 bits).
    public static let keyByteCount = 16
    /// The longest a code may live (`--claim-code-ttl`): codes resolve to claims made at most
    /// 2²⁰ seconds before now, less the clock skew allowed.
    public static let maximumCodeLifetime: TimeInterval = 7 * 86_400
    /// How far ahead of this instance's clock another instance's may run and its codes still read.
    public static let clockSkewAllowance: Int64 = 3_600
    static let rounds: UInt8 = 10
    static let halfBits: UInt64 = 20
    static let halfMask: UInt64 = (1 << halfBits) - 1

    /// The key as SipHash's two words.
    private let key: (UInt64, UInt64)

    /// A cipher with `key`; nil unless it has `keyByteCount` bytes.
    public init?(key: [UInt8]) {
        guard key.count == ClaimCodeCipher.keyByteCount else { return nil }
        self.init(checkedKey: key)
    }

    private init(checkedKey key: [UInt8]) {
        self.key = SipHash.key(key)
    }

    /// A new key from the system CSPRNG.
    public static func randomKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<keyByteCount / 8).flatMap { _ in
            let word = generator.next()
            return (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64($0 * 8)) }
        }
    }

    /// A cipher with a new random key (a store's first opening, the in-memory fake).
    public static var random: ClaimCodeCipher { ClaimCodeCipher(checkedKey: randomKey()) }

    /// The code of the claim `id`.
    public func code(forClaim id: Int64) -> ClaimCode {
        ClaimCode(value: encrypt(UInt64(bitPattern: id) & ClaimCode.valueMask))
    }

    /// The id of the claim that `code` was made for, when that claim was made less than
    /// `maximumCodeLifetime` before `now` (see the type's comment). Any code reads as some id: a
    /// code nobody was given finds no claim, or a claim whose code has expired.
    public func claimID(of code: ClaimCode, at now: Date) -> Int64 {
        let low = decrypt(code.value)
        let period = Int64(1) << Int64(ClaimCodeCipher.halfBits)
        let latest = Int64(max(0, now.timeIntervalSince1970.rounded(.down))) + ClaimCodeCipher.clockSkewAllowance
        let lowSeconds = Int64(low >> ClaimCodeCipher.halfBits)
        let second = latest - ((latest - lowSeconds) % period + period) % period
        return second << Int64(ClaimCodeCipher.halfBits) | Int64(low & ClaimCodeCipher.halfMask)
    }

    func encrypt(_ value: UInt64) -> UInt64 {
        var left = value >> ClaimCodeCipher.halfBits & ClaimCodeCipher.halfMask, right = value & ClaimCodeCipher.halfMask
        for round in 0..<ClaimCodeCipher.rounds {
            (left, right) = (right, left ^ roundFunction(round, right))
        }
        return left << ClaimCodeCipher.halfBits | right
    }

    func decrypt(_ value: UInt64) -> UInt64 {
        var left = value >> ClaimCodeCipher.halfBits & ClaimCodeCipher.halfMask, right = value & ClaimCodeCipher.halfMask
        for round in (0..<ClaimCodeCipher.rounds).reversed() {
            (left, right) = (right ^ roundFunction(round, left), left)
        }
        return left << ClaimCodeCipher.halfBits | right
    }

    /// The top 20 bits of SipHash-2-4(key, round ‖ half as 3 bytes).
    private func roundFunction(_ round: UInt8, _ half: UInt64) -> UInt64 {
        let message = (round, UInt8(truncatingIfNeeded: half >> 16), UInt8(truncatingIfNeeded: half >> 8),
                       UInt8(truncatingIfNeeded: half))
        return withUnsafeBytes(of: message) { SipHash.hash($0, key: key, rounds: .sipHash24) } >> 44
    }
}
