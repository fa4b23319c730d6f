import Foundation

/// How an audit log answers: once, with the result or the store's failure.
public typealias AuditCompletion<Value> = @Sendable (Result<Value, StoreFailure>) -> Void

/// Where audit entries live: table `audit_log` of `SQLiteSceneStateStore` and
/// `PostgresSceneStateStore`; `InMemoryAuditLog` is the fake.
///
/// Entries are appended after the change they record has committed (not in its transaction):
/// a crash between the two can lose an entry, never make one for a change that did not happen.
public protocol AuditLog: Sendable {
    /// Stores `entry` and answers it with its `sequence`.
    func appendAuditEntry(_ entry: AuditEntry, completion: @escaping AuditCompletion<AuditEntry>)
    /// One page of entries, newest first (`AuditQuery`).
    func auditEntries(_ query: AuditQuery, completion: @escaping AuditCompletion<AuditPage>)
    /// Deletes up to `limit` entries made before `cutoff` (only those of `action` when it is
    /// given), oldest first; answers how many.
    func deleteAuditEntries(before cutoff: Date, action: String?, limit: Int, completion: @escaping AuditCompletion<Int>)
}
