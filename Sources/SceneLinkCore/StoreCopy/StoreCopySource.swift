/// The store `scenelink store copy` reads from: its rows (one snapshot for the whole copy and
/// its check) and the highest revision it has handed out.
public protocol StoreCopySource: StoreRows {
    /// Where the rows come from, for messages (a file path, or `postgres://host:port/db`).
    var address: String { get }
    /// The highest revision the store has handed out (revisions never go back, even after deletes).
    func revisionHighWater() throws -> Int64
}
