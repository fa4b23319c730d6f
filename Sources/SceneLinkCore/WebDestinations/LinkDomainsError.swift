/// An entry of `--link-domains` that is neither a host name nor `*.DOMAIN`.
public struct LinkDomainsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry as given.
    public var entry: String

    public init(entry: String) {
        self.entry = entry
    }

    public var description: String {
        "'\(entry.prefix(80))' is not a web domain; give host names such as example.org or *.example.org (every host under "
            + "example.org), separated by commas."
    }
}
