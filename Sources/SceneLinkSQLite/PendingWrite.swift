import SceneLinkCore

/// One write waiting for the writer: it runs inside its savepoint and tells the writer
/// whether it succeeded, with the callback that answers its caller once the batch's
/// commit has returned (with the commit's error, if the commit failed).
struct PendingWrite: Sendable {
    struct Outcome {
        let succeeded: Bool
        let answer: @Sendable (SceneStateStoreError?) -> Void
    }

    let run: @Sendable (WriteContext) -> Outcome
    /// Answers the caller without running, when the store is closed.
    let cancel: @Sendable (SceneStateStoreError) -> Void
    /// The write is one SQL statement, which SQLite applies whole or not at all: it runs without
    /// a savepoint of its own.
    var isOneStatement = false
}
