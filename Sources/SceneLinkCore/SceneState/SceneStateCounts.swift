/// How much is stored, for `/metrics`.
public struct SceneStateCounts: Hashable, Sendable {
    public var sessions: Int
    public var scenes: Int
    public var values: Int

    public init(sessions: Int, scenes: Int, values: Int) {
        self.sessions = sessions
        self.scenes = scenes
        self.values = values
    }
}
