import Foundation

/// A value as the server holds it: its bytes, their content type and the revision's `ETag`.
///
/// Returned by `restore(scene:key:repair:)` and inside a `SavedScene`. After a restore with
/// repair, `data` is the still-valid prefix of a stale `NavigationPath` and `droppedElements`
/// says how many elements were cut; `etag` stays the stored revision's, so saving the repaired
/// path with `ifMatch: value.etag` replaces exactly what was read.
public struct SavedValue: Sendable, Hashable {
    /// The bytes (repaired when a repair was asked for).
    public var data: Data
    /// The content type it was saved with.
    public var contentType: String
    /// The strong entity tag of the stored revision, such as `"v12"` (quotes included).
    public var etag: String
    /// Elements a repair dropped from the top of a stale path; 0 when nothing was dropped or no
    /// repair was asked for.
    public var droppedElements: Int

    /// Creates a value.
    public init(data: Data, contentType: String, etag: String, droppedElements: Int = 0) {
        self.data = data
        self.contentType = contentType
        self.etag = etag
        self.droppedElements = droppedElements
    }
}
