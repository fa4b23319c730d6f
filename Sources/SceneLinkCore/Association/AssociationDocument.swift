/// One association file, made when the route table loads: the bytes to serve, their
/// entity tag, and how closely its components follow the routes.
public struct AssociationDocument: Sendable, Equatable {
    /// The UTF-8 JSON document.
    public let bytes: [UInt8]
    /// A strong `ETag` value, quotes included: a hash of `bytes`.
    public let entityTag: String
    /// The finest detail that fit in `AssociationFiles.maximumBytes`.
    public let detail: AssociationDetail
    /// The components in order (the same list for Apple and Google).
    public let components: [AssociationComponent]

    init(bytes: [UInt8], detail: AssociationDetail, components: [AssociationComponent]) {
        self.bytes = bytes
        self.detail = detail
        self.components = components
        entityTag = "\"" + Base64URL.encode(Array(SHA256.hash(bytes).prefix(18))) + "\""
    }

    /// `bytes` as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
