import Foundation

/// One value to store in a whole-scene save: bytes and their content type.
///
/// ```swift
/// try await client.saveScene(["path": SceneValue(data: pathData, contentType: "application/json"),
///                             "tab": SceneValue(text: "settings")], scene: "main")
/// ```
public struct SceneValue: Sendable, Hashable {
    /// The bytes to store.
    public var data: Data
    /// Their content type.
    public var contentType: String

    /// A value of any bytes; `application/octet-stream` unless told otherwise.
    public init(data: Data, contentType: String = "application/octet-stream") {
        self.data = data
        self.contentType = contentType
    }

    /// A text value, stored as UTF-8 (`text/plain; charset=utf-8`).
    public init(text: String) {
        self.init(data: Data(text.utf8), contentType: "text/plain; charset=utf-8")
    }
}
