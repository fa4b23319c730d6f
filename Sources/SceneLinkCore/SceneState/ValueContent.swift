/// The bytes of a value and the media type they were saved with, as a client sends them.
public struct ValueContent: Hashable, Sendable {
    /// The raw bytes, returned byte-for-byte on restore.
    public var bytes: [UInt8]
    /// The `Content-Type` sent with the save (`application/octet-stream` when none was).
    public var contentType: String

    public init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }
}
