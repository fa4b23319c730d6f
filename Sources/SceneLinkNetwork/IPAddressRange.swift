/// A block of addresses in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`, or one address
/// alone): trusted proxies, and the special-purpose blocks of `IPAddress.scope`.
///
/// ```swift
/// let block = try IPAddressRange("10.0.0.0/8")
/// block.contains(IPAddress("10.1.2.3") ?? .unspecified)   // true
/// ```
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The first address of the block (the bits past the prefix are zero).
    public let network: IPAddress
    /// The prefix length over 128 bits: an IPv4 /8 is 104.
    public let prefixLength: Int
    /// The block as written, normalised (`10.0.0.0/8`).
    public let description: String

    /// Parses `ADDRESS` or `ADDRESS/BITS` (BITS up to 32 for IPv4, 128 for IPv6).
    /// - Throws: `IPAddressRangeError` saying what is wrong with `text`.
    public init(_ text: some StringProtocol) throws(IPAddressRangeError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, let address = IPAddress(first) else {
            throw IPAddressRangeError(text: String(text), reason: "it does not start with an IPv4 or IPv6 address")
        }
        let familyBits = address.isIPv4 ? 32 : 128
        var bits = familyBits
        if parts.count == 2 {
            guard let value = Int(parts[1]), (0 ... familyBits).contains(value), parts[1].allSatisfy(\.isASCII) else {
                throw IPAddressRangeError(text: String(text), reason: "the prefix length must be 0 to \(familyBits)")
            }
            bits = value
        }
        prefixLength = bits + (address.isIPv4 ? 96 : 0)
        network = address.masked(toPrefixLength: prefixLength)
        description = "\(network)/\(bits)"
    }

    /// Whether `address` lies in the block.
    public func contains(_ address: IPAddress) -> Bool {
        address.masked(toPrefixLength: prefixLength) == network
    }
}
