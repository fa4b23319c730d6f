import Dispatch
import SceneLinkCore

/// One statement waiting for a pooled connection, and the callback its answer goes to.
struct PostgresCall: Sendable {
    enum Kind: Sendable {
        /// Runs alone, in autocommit; retried once on a new connection when the old one was lost.
        case read
        /// Shares a transaction (and its commit) with the writes queued beside it.
        case write
        /// A write that runs in a transaction of its own (the expiry sweep, which locks many rows).
        case soloWrite
    }

    let statement: PostgresStatement
    let parameters: [PostgresParameter]
    let kind: Kind
    /// Writes of one group commit are ordered by this key (the session id), so two groups
    /// always lock sessions in the same order and cannot deadlock.
    let lockOrder: String
    let enqueuedAt: DispatchTime
    /// Called exactly once, on a pool thread, after the commit (or the failure).
    let complete: @Sendable (Result<[PostgresRow], SceneStateStoreError>) -> Void
}
