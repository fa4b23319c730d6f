import Dispatch
import Foundation
import Testing
import SceneLinkCore
@testable import SceneLinkPostgres

/// The pool's fault paths without a database: the connections are attempts the test holds
/// (a server that never answers) or a real connect to 127.0.0.1:1, where nothing listens.
@Suite("PostgresPool faults")
struct PostgresPoolTests {
    /// Connection attempts the test controls: each is counted and, with `blocking`, waits until
    /// released (like a connect to a server that does not answer); then it fails as a refused one.
    final class Connector: @unchecked Sendable {
        // @unchecked: `count` is touched only with `lock` held; the semaphores are thread-safe.
        private let lock = NSLock()
        private var count = 0
        private let blocking: Bool
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        init(blocking: Bool) { self.blocking = blocking }

        var attempts: Int { lock.withLock { count } }

        /// Counts an attempt made elsewhere (a real connect).
        func record() { lock.withLock { count += 1 } }

        func open() throws(PostgresError) -> PostgresConnection {
            record()
            entered.signal()
            if blocking { _ = release.wait(timeout: .now() + 10) }
            throw PostgresError(context: "connecting to postgres://127.0.0.1:1/test", message: "Connection refused",
                                isConnectionFailure: true)
        }
    }

    typealias Outcome = Result<[PostgresRow], SceneStateStoreError>

    static func settings(connections: Int = 1, acquireTimeout: Duration = .seconds(10), maximumQueuedCalls: Int = 100,
                         reconnectDelay: Duration = .seconds(1)) -> PostgresPool.Settings {
        .init(connectionCount: connections, maximumBatchSize: 64, maximumWriteBatchesInFlight: 1, acquireTimeout: acquireTimeout,
              maximumQueuedCalls: maximumQueuedCalls, reconnectDelay: reconnectDelay)
    }

    /// Submits one read and returns where its answer will arrive.
    @discardableResult
    static func submitRead(to pool: PostgresPool) -> Answer<Outcome> {
        let answer = Answer<Outcome>()
        pool.submit(PostgresCall(statement: .checkWritable, parameters: [], kind: .read, lockOrder: "",
                                 enqueuedAt: .now()) { answer.set($0) })
        return answer
    }

    @Test("a call that finds the queue full is answered unavailable at once, on the caller's thread")
    func fullQueue() throws {
        let connector = Connector(blocking: true)
        let pool = PostgresPool(settings: Self.settings(maximumQueuedCalls: 3), open: connector.open)
        defer {
            connector.release.signal()
            pool.close(waiting: true)
        }
        let first = Self.submitRead(to: pool)
        #expect(connector.entered.wait(timeout: .now() + 5) == .success)
        let queued = (0..<3).map { _ in Self.submitRead(to: pool) }
        let refused = Self.submitRead(to: pool)

        let message = try #require(refused.current?.failure?.unavailableMessage, "not answered before submit returned")
        #expect(message == "all 1 database connections are busy and 3 calls wait for one")
        #expect(first.current == nil)
        #expect(queued.allSatisfy { $0.current == nil })
    }

    @Test("a call waiting longer than acquireTimeout is answered while every connection is still busy")
    func staleCallWhileBusy() throws {
        let connector = Connector(blocking: true)
        let pool = PostgresPool(settings: Self.settings(acquireTimeout: .milliseconds(200)), open: connector.open)
        defer {
            connector.release.signal()
            pool.close(waiting: true)
        }
        let first = Self.submitRead(to: pool)
        #expect(connector.entered.wait(timeout: .now() + 5) == .success)
        let started = Date()
        let waiting = Self.submitRead(to: pool)

        let message = try #require(waiting.wait(seconds: 5)?.failure?.unavailableMessage)
        let elapsed = Date().timeIntervalSince(started)
        #expect(message == "no database connection came free within 0.2 seconds")
        #expect(elapsed >= 0.2 && elapsed < 1, "answered after \(elapsed) s")
        // The only connection is still connecting: the answer did not wait for it.
        #expect(first.current == nil)
    }

    @Test("a failed connect answers the next calls at once for reconnectDelay, then connects again")
    func reconnectDelay() throws {
        let attempts = Connector(blocking: false)
        let url = "postgres://alice:s3cret@127.0.0.1:1/app"
        let settings = PostgresSessionSettings(statementTimeoutMilliseconds: 1000, connectTimeoutSeconds: 2, schema: nil)
        let pool = PostgresPool(settings: Self.settings(connections: 2, reconnectDelay: .milliseconds(300)),
                                open: { () throws(PostgresError) -> PostgresConnection in
                                    attempts.record()
                                    return try PostgresConnection(url: url, settings: settings)
                                })
        defer { pool.close(waiting: true) }

        let started = Date()
        let first = try #require(Self.submitRead(to: pool).wait(seconds: 5)?.failure?.unavailableMessage)
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(first.hasPrefix("PostgreSQL failed while connecting to postgres://127.0.0.1:1/app: "))
        #expect(!first.contains("s3cret") && !first.contains("alice"))
        #expect(attempts.attempts == 1)

        // Within the delay: refused before submit returns, and no second attempt.
        let refused = Self.submitRead(to: pool)
        #expect(refused.current?.failure?.unavailableMessage == first)
        #expect(attempts.attempts == 1)

        Thread.sleep(forTimeInterval: 0.35)
        #expect(Self.submitRead(to: pool).wait(seconds: 5)?.failure?.unavailableMessage != nil)
        #expect(attempts.attempts == 2)
    }

    @Test("a closed pool answers closed at once")
    func closed() {
        let pool = PostgresPool(settings: Self.settings(), open: Connector(blocking: false).open)
        pool.close(waiting: true)
        #expect(Self.submitRead(to: pool).current?.failure == .failure(.closed))
    }
}
