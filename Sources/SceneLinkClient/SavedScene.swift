import Foundation

/// Every value of one scene, as the server holds them, with the scene's own `ETag`.
///
/// Returned by `restoreScene(_:)` and `saveScene(_:scene:ifMatch:ifNoneMatch:)`. The scene's `etag` changes
/// whenever any of its values does; pass it as `ifMatch` to save the whole scene only if nothing
/// in it changed since.
public struct SavedScene: Sendable, Hashable {
    /// The scene's name, such as `main`.
    public var name: String
    /// The scene's entity tag, such as `"s12"` (quotes included).
    public var etag: String
    /// The values by key, each with its own `ETag`.
    public var values: [String: SavedValue]

    /// Creates a scene.
    public init(name: String, etag: String, values: [String: SavedValue]) {
        self.name = name
        self.etag = etag
        self.values = values
    }
}
