/// What a link shows before it is opened: the title, description and image of a link
/// page, its Open Graph and Twitter card tags. Plain text and URLs, not escaped for HTML.
public struct LinkPreview: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// An https URL.
    public var image: String?

    public init(title: String? = nil, description: String? = nil, image: String? = nil) {
        self.title = title
        self.description = description
        self.image = image
    }
}
