import Dispatch
import Foundation
import SceneLinkCore

/// A bounded set of connections, each owned by a dedicated thread that blocks in libpq, so no
/// HTTP I/O queue (and no Swift concurrency thread) ever waits for the database.
///
/// Calls wait in two queues. A free thread takes either the reads queued so far or the writes
/// queued so far (each up to `maximumBatchSize`) and sends them pipelined, in one round trip:
/// writes that arrive together share one transaction and one commit, the way the SQLite writer
/// groups them, and their callers are all answered after that commit returned.
///
/// At most `maximumWriteBatchesInFlight` write transactions run at once (one by default, like
/// the SQLite writer): the writes that arrive meanwhile wait and go together in the next one.
/// Bigger groups cost less per write on both sides (one commit, one round trip, fewer wake-ups),
/// and writes to one session would take turns on its row lock anyway. The other connections
/// keep serving reads.
///
/// Faults never hang a caller:
/// - a call that waited longer than `acquireTimeout` for a connection (the pool is full) is
///   answered `.unavailable`, and so is one that finds `maximumQueuedCalls` already waiting. A
///   timer of its own answers the stale calls, because when every connection is busy (a
///   statement waiting for a lock, a connect to a server that does not answer) no pool thread
///   is free to notice them;
/// - a connection that fails is dropped, and the others are replaced before their next use
///   (after a PostgreSQL restart they are all dead); a read is retried once on the new one, a
///   write is not (it may have committed) and is answered `.unavailable`. So is a write whose
///   commit returned with a warning that its wait for a synchronous standby was cancelled: it is
///   committed on the primary only and could be lost in a failover. A server that stops
///   answering without closing counts as such a failure after the connection's response
///   timeout (twice the statement timeout, see `PostgresSessionSettings`);
/// - when a connection cannot be opened, calls are answered `.unavailable` at once for
///   `reconnectDelay`, then the next call tries again: the pool recovers by itself.
final class PostgresPool: @unchecked Sendable {
    // @unchecked: every stored `var` is touched only with `condition` locked.
    struct Settings: Sendable {
        var connectionCount: Int
        var maximumBatchSize: Int
        var maximumWriteBatchesInFlight: Int
        var acquireTimeout: Duration
        var maximumQueuedCalls: Int
        var reconnectDelay: Duration
    }

    private enum Job {
        case reads([PostgresCall])
        case writes([PostgresCall])

        var calls: [PostgresCall] {
            switch self {
            case .reads(let calls), .writes(let calls): calls
            }
        }
    }

    private let settings: Settings
    private let open: @Sendable () throws(PostgresError) -> PostgresConnection
    private let commitInDoubt: @Sendable (PostgresError, [PostgresCall]) -> Void
    private let condition = NSCondition()
    private var reads: [PostgresCall] = []
    private var writes: [PostgresCall] = []
    /// Write transactions running now (at most `maximumWriteBatchesInFlight`).
    private var writeBatchesInFlight = 0
    private var closed = false
    private var unreachableUntil: DispatchTime?
    private var unreachableReason = ""
    /// Bumped when a connection is found dead: connections opened before are replaced.
    private var epoch = 0
    private var statistics = SceneStateCommitStatistics()
    private let threadsDone = DispatchGroup()
    /// Answers calls older than `acquireTimeout`, whether or not a pool thread is free.
    private let expiry = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "scenelink.postgres.expiry"))

    /// - Parameters:
    ///   - open: opens and prepares one connection (called on a pool thread).
    ///   - commitInDoubt: told (on a pool thread, before the callers are answered) about each
    ///     write transaction whose commit returned but may not survive a failover, with its calls.
    init(settings: Settings, open: @escaping @Sendable () throws(PostgresError) -> PostgresConnection,
         commitInDoubt: @escaping @Sendable (PostgresError, [PostgresCall]) -> Void = { _, _ in }) {
        self.settings = settings
        self.open = open
        self.commitInDoubt = commitInDoubt
        for index in 0..<max(1, settings.connectionCount) {
            threadsDone.enter()
            let thread = Thread { [self] in
                work()
                threadsDone.leave()
            }
            thread.name = "scenelink.postgres.\(index)"
            thread.start()
        }
        // A tenth of the timeout (10 ms to 250 ms): a call is answered at most that late.
        let period = DispatchTimeInterval.nanoseconds(
            Int(min(max(settings.acquireTimeout / 10, .milliseconds(10)), .milliseconds(250)) / .nanoseconds(1)))
        expiry.schedule(deadline: .now() + period, repeating: period)
        expiry.setEventHandler { [weak self] in self?.answerExpired() }
        expiry.activate()
    }

    deinit { expiry.cancel() }

    var commitStatistics: SceneStateCommitStatistics {
        condition.lock()
        defer { condition.unlock() }
        return statistics
    }

    /// Queues a call, or answers it at once (on the caller's thread) when the pool is closed,
    /// the database was just found unreachable, or too many calls wait.
    func submit(_ call: PostgresCall) {
        var rejection: SceneStateStoreError?
        condition.lock()
        if closed {
            rejection = .failure(.closed)
        } else if let until = unreachableUntil, DispatchTime.now() < until {
            rejection = .failure(.unavailable(message: unreachableReason))
        } else if reads.count + writes.count >= settings.maximumQueuedCalls {
            rejection = .failure(.unavailable(message: "all \(settings.connectionCount) database connections are busy and "
                                                   + "\(settings.maximumQueuedCalls) calls wait for one"))
        } else {
            if call.kind == .read { reads.append(call) } else { writes.append(call) }
            condition.signal()
        }
        condition.unlock()
        if let rejection { call.complete(.failure(rejection)) }
    }

    /// Refuses new calls; the threads finish what is queued, close their connections and end.
    /// With `waiting`, returns only once they have (never call it so from a pool callback).
    func close(waiting: Bool) {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        if waiting {
            threadsDone.wait()
            expiry.cancel()
        }
    }

    // MARK: The threads

    private func work() {
        var connection: PostgresConnection?
        var connectionEpoch = -1
        var preferRead = false
        while true {
            condition.lock()
            while reads.isEmpty && !mayTakeWrites && !closed { condition.wait() }
            let job = takeJob(preferRead: preferRead)
            let finished = job == nil && closed
            let currentEpoch = epoch
            condition.unlock()

            if finished { return }
            guard let job else { continue }
            preferRead.toggle()

            if connectionEpoch != currentEpoch { connection = nil }
            let live: PostgresConnection
            if let connection {
                live = connection
            } else {
                do throws(PostgresError) {
                    live = try open()
                    connection = live
                    connectionEpoch = currentEpoch
                } catch {
                    // Marked first: a caller that retries as soon as it is answered must be
                    // refused at once, not start another connection attempt.
                    markUnreachable(error)
                    if case .writes = job { writeBatchEnded(committed: nil) }
                    fail(job.calls, with: error.storeError)
                    continue
                }
            }
            switch job {
            case .reads(let calls):
                let statements = calls.map { ($0.statement, $0.parameters) }
                do throws(PostgresError) {
                    let rows = try live.runPipelined(statements, inTransaction: false)
                    for (call, callRows) in zip(calls, rows) { call.complete(.success(callRows)) }
                } catch {
                    connection = nil
                    guard error.isConnectionFailure else {
                        fail(calls, with: error.storeError)
                        continue
                    }
                    connectionLost(epoch: connectionEpoch)
                    // Reads change nothing, so they may run again on a new connection.
                    do throws(PostgresError) {
                        let fresh = try open()
                        connection = fresh
                        connectionEpoch = currentEpoch + 1
                        let rows = try fresh.runPipelined(statements, inTransaction: false)
                        for (call, callRows) in zip(calls, rows) { call.complete(.success(callRows)) }
                    } catch {
                        connection = nil
                        if error.isConnectionFailure { markUnreachable(error) }
                        fail(calls, with: error.storeError)
                    }
                }
            case .writes(let calls):
                let result = Result { () throws(PostgresError) in
                    try live.runPipelined(calls.map { ($0.statement, $0.parameters) }, inTransaction: true)
                }
                switch result {
                case .success(let rows):
                    writeBatchEnded(committed: calls.count)
                    for (call, callRows) in zip(calls, rows) { call.complete(.success(callRows)) }
                case .failure(let error):
                    writeBatchEnded(committed: nil)
                    // Any failure leaves the connection in doubt (a pipeline half read): replace it.
                    connection = nil
                    if error.isConnectionFailure { connectionLost(epoch: connectionEpoch) }
                    if error.isCommitInDoubt { commitInDoubt(error, calls) }
                    fail(calls, with: error.storeError)
                }
            }
        }
    }

    /// The expiry timer's tick: answers the calls that waited too long for a connection.
    private func answerExpired() {
        condition.lock()
        let expired = takeExpired()
        condition.unlock()
        let waited = "no database connection came free within \(settings.acquireTimeout)"
        for call in expired { call.complete(.failure(.failure(.unavailable(message: waited)))) }
    }

    /// Calls that waited too long for a connection (the queues are oldest first).
    private func takeExpired() -> [PostgresCall] {
        let deadline = DispatchTime.now().uptimeNanoseconds
        let timeout = UInt64(max(0, settings.acquireTimeout / .nanoseconds(1)))
        func isStale(_ call: PostgresCall) -> Bool { call.enqueuedAt.uptimeNanoseconds + timeout < deadline }
        var expired: [PostgresCall] = []
        while let first = reads.first, isStale(first) { expired.append(reads.removeFirst()) }
        while let first = writes.first, isStale(first) { expired.append(writes.removeFirst()) }
        return expired
    }

    /// Whether writes wait and another write transaction may start.
    private var mayTakeWrites: Bool {
        !writes.isEmpty && writeBatchesInFlight < max(1, settings.maximumWriteBatchesInFlight)
    }

    /// The reads queued, or the writes at the head of the queue ordered by session (a solo write
    /// alone) when another write transaction may start.
    private func takeJob(preferRead: Bool) -> Job? {
        if !reads.isEmpty && (preferRead || !mayTakeWrites) {
            let count = min(reads.count, max(1, settings.maximumBatchSize))
            defer { reads.removeFirst(count) }
            return .reads(Array(reads.prefix(count)))
        }
        guard mayTakeWrites, let first = writes.first else { return nil }
        writeBatchesInFlight += 1
        if first.kind == .soloWrite { return .writes([writes.removeFirst()]) }
        let count = writes.prefix(max(1, settings.maximumBatchSize)).prefix { $0.kind == .write }.count
        let batch = writes.prefix(count).enumerated()
            .sorted { ($0.element.lockOrder, $0.offset) < ($1.element.lockOrder, $1.offset) }.map(\.element)
        writes.removeFirst(count)
        return .writes(batch)
    }

    /// A write transaction is over (`committed`: how many writes it carried, nil when it
    /// failed); the writes that queued meanwhile may go now, on whichever thread is free.
    private func writeBatchEnded(committed: Int?) {
        condition.lock()
        writeBatchesInFlight -= 1
        if let committed { statistics.record(batchSize: committed) }
        if !writes.isEmpty { condition.signal() }
        condition.unlock()
    }

    /// A connection opened at `epoch` died: replace every connection of that epoch.
    private func connectionLost(epoch lostEpoch: Int) {
        condition.lock()
        if epoch == lostEpoch { epoch += 1 }
        condition.unlock()
    }

    /// The database cannot be reached: answer everything queued and, for `reconnectDelay`,
    /// every new call at once instead of trying again for each.
    private func markUnreachable(_ error: PostgresError) {
        condition.lock()
        unreachableUntil = DispatchTime.now() + .nanoseconds(Int(settings.reconnectDelay / .nanoseconds(1)))
        unreachableReason = error.description
        let waiting = reads + writes
        reads.removeAll()
        writes.removeAll()
        epoch += 1
        condition.unlock()
        fail(waiting, with: error.storeError)
    }

    private func fail(_ calls: [PostgresCall], with error: SceneStateStoreError) {
        for call in calls { call.complete(.failure(error)) }
    }
}
