/// The identifier of one scene in a session (SwiftUI's per-window scene, a UUID string
/// say): 1 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
public struct SceneID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let maximumLength = 128

    public let rawValue: String

    /// Validates a scene id taken from a request path.
    /// - Throws: `SceneStateIdentifierError` when it is empty, too long, `.`/`..`, or has other characters.
    public init(_ rawValue: String) throws(SceneStateIdentifierError) {
        try SceneStateIdentifierError.validate(rawValue, kind: .sceneID, maximumLength: SceneID.maximumLength)
        self.rawValue = rawValue
    }

    public static func < (a: SceneID, b: SceneID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { rawValue }
}
