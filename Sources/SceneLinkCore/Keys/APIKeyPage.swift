/// One page of API keys, oldest first (by creation time, then id).
public struct APIKeyPage: Sendable, Equatable {
    public var keys: [APIKey]
    /// Where the next page starts; nil on the last page.
    public var nextCursor: APIKeyCursor?

    public init(keys: [APIKey], nextCursor: APIKeyCursor?) {
        self.keys = keys
        self.nextCursor = nextCursor
    }
}
