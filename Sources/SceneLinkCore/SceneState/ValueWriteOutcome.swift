/// What a successful value or scene write did.
public struct ValueWriteOutcome: Hashable, Sendable {
    /// True when nothing was stored under this key before (201), false for an update (200).
    public var created: Bool
    public var value: StoredValue

    public init(created: Bool, value: StoredValue) {
        self.created = created
        self.value = value
    }
}

/// What a successful whole-scene replacement did.
public struct SceneReplaceOutcome: Hashable, Sendable {
    /// True when the scene did not exist before (201).
    public var created: Bool
    public var snapshot: SceneSnapshot

    public init(created: Bool, snapshot: SceneSnapshot) {
        self.created = created
        self.snapshot = snapshot
    }
}
