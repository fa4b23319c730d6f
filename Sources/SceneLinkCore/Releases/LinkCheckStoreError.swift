/// Why the stored short links or their visits could not be read for a link check: the
/// store's own sentence.
public struct LinkCheckStoreError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
