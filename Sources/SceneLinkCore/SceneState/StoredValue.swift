/// One value as stored: its content and the revision of its last write.
public struct StoredValue: Hashable, Sendable {
    public var content: ValueContent
    /// Store-wide increasing number of the write that produced this content.
    public var revision: Int64

    public init(content: ValueContent, revision: Int64) {
        self.content = content
        self.revision = revision
    }

    public var bytes: [UInt8] { content.bytes }
    public var contentType: String { content.contentType }
    /// The strong `ETag` of this revision.
    public var etag: EntityTag { .value(revision: revision) }
}
