/// How much one session may store. The store enforces the counts inside the write's
/// transaction, so concurrent saves cannot overshoot them.
public struct SceneStateLimits: Hashable, Sendable {
    /// Largest value in bytes (default 64 KiB). Endpoints refuse larger bodies with 413.
    public var maximumValueBytes: Int
    /// Most keys in one scene (default 64). One more is refused with 409.
    public var maximumKeysPerScene: Int
    /// Most scenes in one session (default 32). One more is refused with 409.
    public var maximumScenesPerSession: Int
    /// Most bytes of values one session holds, all its scenes together (default 1 MiB: a
    /// navigation path is a few hundred bytes, so this leaves room for any real scene state,
    /// while 32 scenes × 64 keys × 64 KiB would be 128 MiB). A write that would take the
    /// session past it is refused with 409 and nothing changes; a session already past a
    /// lowered limit may still shrink.
    public var maximumSessionBytes: Int

    public init(maximumValueBytes: Int = 64 * 1024, maximumKeysPerScene: Int = 64, maximumScenesPerSession: Int = 32,
                maximumSessionBytes: Int = 1 << 20) {
        self.maximumValueBytes = maximumValueBytes
        self.maximumKeysPerScene = maximumKeysPerScene
        self.maximumScenesPerSession = maximumScenesPerSession
        self.maximumSessionBytes = maximumSessionBytes
    }

    /// Whether a write that changes a session from `current` to `proposed` bytes is within the
    /// quota: at most the limit, or no larger than the session already is.
    public func allowsSession(bytes proposed: Int, from current: Int) -> Bool {
        proposed <= max(maximumSessionBytes, current)
    }

    public static let `default` = SceneStateLimits()
}
