/// The store `scenelink store copy` writes to: rows inserted a page per transaction, a row whose
/// key is already there kept as it is, so a copy that stopped can be run again and finishes it.
public protocol StoreCopyTarget: StoreRows {
    /// Where the rows go, for messages (a file path, or `postgres://host:port/db`).
    var address: String { get }
    /// How many rows each copied table already holds (a copy refuses a target that has any).
    func existingRows() throws -> [(table: StoreTable, count: Int)]
    /// Inserts `rows` of `table` in one transaction, keeping rows whose key is already there.
    /// - Returns: how many rows were new.
    func insert(_ rows: [[StoreField]], into table: StoreTable) throws -> Int
    /// After the rows are in: revisions and generated keys continue above everything copied (and
    /// revisions above `revisionHighWater`, the source's own counter), so new writes never reuse
    /// a revision an ETag may still carry, nor collide with a copied key.
    func finish(revisionHighWater: Int64) throws
}
