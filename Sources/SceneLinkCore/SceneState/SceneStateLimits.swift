/// How much one session may store. The store enforces the counts inside the write's
/// transaction, so concurrent saves cannot overshoot them.
public struct SceneStateLimits: Hashable, Sendable {
    /// Largest value in bytes (default 64 KiB). Endpoints refuse larger bodies with 413.
    public var maximumValueBytes: Int
    /// Most keys in one scene (default 64). One more is refused with 409.
    public var maximumKeysPerScene: Int
    /// Most scenes in one session (default 32). One more is refused with 409.
    public var maximumScenesPerSession: Int

    public init(maximumValueBytes: Int = 64 * 1024, maximumKeysPerScene: Int = 64, maximumScenesPerSession: Int = 32) {
        self.maximumValueBytes = maximumValueBytes
        self.maximumKeysPerScene = maximumKeysPerScene
        self.maximumScenesPerSession = maximumScenesPerSession
    }

    public static let `default` = SceneStateLimits()
}
