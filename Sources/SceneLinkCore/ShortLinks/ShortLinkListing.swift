/// One page of stored short links, oldest first.
public struct ShortLinkListing: Sendable, Equatable {
    public var links: [ShortLink]
    /// The `sequence` to pass as `after` for the next page; nil on the last page.
    public var nextCursor: Int64?

    public init(links: [ShortLink], nextCursor: Int64?) {
        self.links = links
        self.nextCursor = nextCursor
    }
}
