/// One line of a session's scene list.
public struct SceneSummary: Hashable, Sendable {
    public var scene: SceneID
    public var revision: Int64
    public var valueCount: Int

    public init(scene: SceneID, revision: Int64, valueCount: Int) {
        self.scene = scene
        self.revision = revision
        self.valueCount = valueCount
    }

    public var etag: EntityTag { .scene(revision: revision) }
}
