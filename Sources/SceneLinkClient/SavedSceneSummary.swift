import Foundation

/// One scene of a session, as `scenes()` lists it: its name, `ETag` and how many values it holds.
public struct SavedSceneSummary: Sendable, Hashable, Decodable {
    /// The scene's name.
    public var name: String
    /// The scene's entity tag.
    public var etag: String
    /// How many values it holds (0 once its last value is forgotten; the scene stays until
    /// `forgetScene`).
    public var valueCount: Int

    /// Creates a summary.
    public init(name: String, etag: String, valueCount: Int) {
        self.name = name
        self.etag = etag
        self.valueCount = valueCount
    }

    private enum CodingKeys: String, CodingKey {
        case name = "scene", etag, valueCount = "values"
    }
}
