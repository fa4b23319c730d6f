/// Text that is not an address block (a trusted-proxy entry); prints one sentence.
public struct IPAddressRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What is wrong with it.
    public let reason: String

    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        "'\(text)' is not an address block such as 10.0.0.0/8 or 2001:db8::/32: \(reason)."
    }
}
