import Dispatch
import SceneLinkCore
import Synchronization

/// The one writer: a serial queue that owns the writer connection and commits in groups.
///
/// Writes are queued as they arrive. When the queue is idle the first write starts a
/// drain; the drain takes *every* write queued so far (up to `maximumBatchSize`) and applies
/// them in one `BEGIN IMMEDIATE … COMMIT`, each inside its own `SAVEPOINT`, so one write that
/// fails (a precondition, a limit) is rolled back alone and the others still commit (a write of
/// one statement needs no savepoint: SQLite rolls a failed statement back alone). Writes that
/// arrive while that commit (and its fsync) is in flight wait in the queue and form the next
/// batch. Every caller is answered only after the commit carrying its write has returned, so
/// an acknowledged write is durable, and one fsync serves the whole batch.
///
/// The answers of a batch run on their own serial queue, in order, batch after batch, so the
/// writer starts the next batch while the callers of the last one are woken.
///
/// After each batch the drain re-enqueues itself instead of looping, so work queued behind
/// it on the same queue (reads of a `:memory:` store, close) is not starved.
final class GroupCommitWriter: @unchecked Sendable {
    // @unchecked: `context` is touched only on `queue`; the shared state is behind `state`'s lock.
    private struct State {
        var pending: [PendingWrite] = []
        var draining = false
        var closed = false
        var statistics = SceneStateCommitStatistics()
    }

    let queue: DispatchQueue
    /// Where each batch's answers run, in batch order.
    private let answering: DispatchQueue
    private var context: WriteContext?
    private let state = Mutex(State())
    private let maximumBatchSize: Int

    init(context: WriteContext, maximumBatchSize: Int) {
        self.context = context
        self.maximumBatchSize = max(1, maximumBatchSize)
        queue = DispatchQueue(label: "scenelink.sqlite.writer", qos: .userInitiated)
        answering = DispatchQueue(label: "scenelink.sqlite.answers", qos: .userInitiated)
    }

    var statistics: SceneStateCommitStatistics { state.withLock { $0.statistics } }

    /// Queues a write; it is answered after the commit that carries it.
    func enqueue(_ write: PendingWrite) {
        let startDrain: Bool? = state.withLock { state in
            if state.closed { return nil }
            state.pending.append(write)
            if state.draining { return false }
            state.draining = true
            return true
        }
        switch startDrain {
        case nil: write.cancel(.failure(.closed))
        case true?: queue.async { self.drainOneBatch() }
        case false?: break
        }
    }

    /// Runs `body` on the writer queue with the writer connection (reads of a `:memory:` store).
    func withContext(_ body: @escaping @Sendable (WriteContext?) -> Void) {
        queue.async { body(self.context) }
    }

    private func drainOneBatch() {
        let batch: [PendingWrite] = state.withLock { state in
            let count = min(state.pending.count, maximumBatchSize)
            let batch = Array(state.pending.prefix(count))
            state.pending.removeFirst(count)
            if batch.isEmpty { state.draining = false }
            return batch
        }
        guard !batch.isEmpty else { return }
        commit(batch)
        let more = state.withLock { state in
            if state.pending.isEmpty {
                state.draining = false
                return false
            }
            return true
        }
        if more { queue.async { self.drainOneBatch() } }
    }

    private func commit(_ batch: [PendingWrite]) {
        guard let context else {
            for write in batch { write.cancel(.failure(.closed)) }
            return
        }
        var answers: [@Sendable (SceneStateStoreError?) -> Void] = []
        answers.reserveCapacity(batch.count)
        do throws(SQLiteError) {
            try context.beginBatch()
            for write in batch {
                if write.isOneStatement {
                    answers.append(write.run(context).answer)
                    continue
                }
                try context.beginWrite()
                let outcome = write.run(context)
                try context.endWrite(succeeded: outcome.succeeded)
                answers.append(outcome.answer)
            }
            try context.commitBatch()
        } catch {
            context.rollbackBatch()
            let failure = SceneStateStoreError.failure(.storage(message: error.description))
            let unrun = batch.dropFirst(answers.count), ran = answers
            answering.async {
                for answer in ran { answer(failure) }
                // Writes of the batch that never ran are answered too.
                for write in unrun { write.cancel(failure) }
            }
            return
        }
        state.withLock { $0.statistics.record(batchSize: batch.count) }
        let committed = answers
        answering.async { for answer in committed { answer(nil) } }
    }

    /// Refuses new writes, waits for queued ones, checkpoints the WAL into the database file
    /// and truncates it, and releases the connection.
    func close() throws(SQLiteError) {
        state.withLock { $0.closed = true }
        // Drains re-enqueue themselves, so wait until no drain is left.
        while true {
            let busy = state.withLock { $0.draining }
            queue.sync {}
            if !busy { break }
        }
        answering.sync {}
        let result: Result<Void, SQLiteError> = queue.sync {
            defer { context = nil }
            guard let context else { return .success(()) }
            do throws(SQLiteError) {
                try context.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }
}
