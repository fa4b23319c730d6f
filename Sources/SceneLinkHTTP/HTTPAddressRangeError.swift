/// A trusted-proxy entry that is not an address block; prints one sentence.
public struct HTTPAddressRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public let reason: String

    public var description: String {
        "'\(text)' is not an address block such as 10.0.0.0/8 or 2001:db8::/32: \(reason)."
    }
}
