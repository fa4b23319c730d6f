/// The random key of one UTC day that visitors are hashed under for distinct-visitor counts:
/// SipHash-1-3 of the client address and browser family (the variant hash tables use: the
/// hash is never shown, so a visitor has no output to learn the key from). It is made from the system CSPRNG
/// when the day's first visit comes, lives in memory only, and is replaced the next day, so no
/// hash can be linked across days or recomputed from a copy of the database.
public struct AnalyticsSalt: Sendable {
    /// The UTC day the key belongs to.
    public let day: Int64
    private let key: (UInt64, UInt64)

    /// A new random key for `day`.
    public init(day: Int64) {
        var generator = SystemRandomNumberGenerator()
        self.day = day
        key = (generator.next(), generator.next())
    }

    /// The visitor's hash: the address (as two 64-bit words) and the browser family, keyed.
    public func visitor(address: (UInt64, UInt64), browser: BrowserFamily) -> UInt64 {
        // The family's case number (an enum without payloads is stored as it), not its name.
        let family = withUnsafeBytes(of: browser) { $0.first ?? 0 }
        return SipHash.hash(words: address.0, address.1, byte: family, key: key, rounds: .sipHash13)
    }
}
