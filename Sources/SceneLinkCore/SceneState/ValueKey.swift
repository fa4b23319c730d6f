/// The key of one value in a scene, like `@SceneStorage("path")`'s `"path"`:
/// 1 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
public struct ValueKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let maximumLength = 128

    public let rawValue: String

    /// Validates a key taken from a request path or a scene document.
    /// - Throws: `SceneStateIdentifierError` when it is empty, too long, `.`/`..`, or has other characters.
    public init(_ rawValue: String) throws(SceneStateIdentifierError) {
        try SceneStateIdentifierError.validate(rawValue, kind: .valueKey, maximumLength: ValueKey.maximumLength)
        self.rawValue = rawValue
    }

    public static func < (a: ValueKey, b: ValueKey) -> Bool { a.rawValue < b.rawValue }

    public var description: String { rawValue }
}
