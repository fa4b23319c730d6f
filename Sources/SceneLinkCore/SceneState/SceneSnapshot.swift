/// Every value of one scene, read in one transaction, and the scene's own revision.
public struct SceneSnapshot: Hashable, Sendable {
    public var scene: SceneID
    /// Increases with every write to any value of the scene.
    public var revision: Int64
    public var values: [ValueKey: StoredValue]

    public init(scene: SceneID, revision: Int64, values: [ValueKey: StoredValue]) {
        self.scene = scene
        self.revision = revision
        self.values = values
    }

    /// The strong `ETag` of the scene as a whole.
    public var etag: EntityTag { .scene(revision: revision) }
}
