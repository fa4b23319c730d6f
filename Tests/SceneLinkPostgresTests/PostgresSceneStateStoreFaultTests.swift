import Foundation
import Testing
import SceneLinkCore
@testable import SceneLinkPostgres

/// The store's faults against a live PostgreSQL (`SCENELINK_TEST_POSTGRES`; skipped without):
/// its connections terminated by the server, a statement that waits for a lock past the
/// statement timeout, and a pool whose one connection is stuck behind that lock. Each store has
/// its own schema and `application_name`, so tests running in parallel never touch each other's.
@Suite("PostgresSceneStateStore faults", .enabled(if: TestDatabase.isAvailable, "needs SCENELINK_TEST_POSTGRES"))
final class PostgresSceneStateStoreFaultTests {
    let url: String
    let schema = TestDatabase.uniqueName()
    let applicationName = TestDatabase.uniqueName()
    private var stores: [PostgresSceneStateStore] = []

    init() throws {
        url = try #require(TestDatabase.url)
    }

    deinit {
        for store in stores { store.close() }
        try? PostgresSceneStateStore.dropSchema(schema, url: url)
    }

    func makeStore(_ configuration: PostgresSceneStateStore.Configuration) throws -> PostgresSceneStateStore {
        var configuration = configuration
        configuration.schema = schema
        let store = try PostgresSceneStateStore(url: TestDatabase.url(url, applicationName: applicationName),
                                                configuration: configuration)
        stores.append(store)
        return store
    }

    var ownBackends: String { "application_name = '\(applicationName)'" }

    static func createSession(_ record: SessionRecord, in store: PostgresSceneStateStore) -> Result<Void, SceneStateStoreError>? {
        let answer = Answer<Result<Void, SceneStateStoreError>>()
        store.createSession(record) { answer.set($0) }
        return answer.wait(seconds: 10)
    }

    static func readSession(_ id: SessionID, in store: PostgresSceneStateStore) -> Result<SessionRecord?, SceneStateStoreError>? {
        let answer = Answer<Result<SessionRecord?, SceneStateStoreError>>()
        store.session(id: id) { answer.set($0) }
        return answer.wait(seconds: 10)
    }

    static func putValue(_ text: String, session: SessionID, in store: PostgresSceneStateStore) throws
        -> Answer<Result<ValueWriteOutcome, SceneStateStoreError>> {
        let answer = Answer<Result<ValueWriteOutcome, SceneStateStoreError>>()
        store.putValue(ValueContent(bytes: Array(text.utf8), contentType: "text/plain"), session: session,
                       scene: try SceneID("main"), key: try ValueKey("k"), precondition: .none, limits: .default) {
            answer.set($0)
        }
        return answer
    }

    @Test("after its connection is terminated a read is retried on a new one, a write answers 503, the next succeeds")
    func terminatedConnection() throws {
        let store = try makeStore(.init(connectionCount: 1))
        let side = try TestDatabase.sideConnection(url)
        let session = makeSession()
        try #require(Self.createSession(session, in: store).map { (try? $0.get()) != nil } == true)

        // pg_terminate_backend with a timeout returns once the backend has exited.
        let terminate = "SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity WHERE \(ownBackends)"
        #expect(try TestDatabase.count(terminate, on: side) == 1)
        let read = try #require(Self.readSession(session.id, in: store))
        #expect((try? read.get())??.id == session.id, "the read was not retried: \(read)")

        #expect(try TestDatabase.count(terminate, on: side) == 1)
        let write = try #require(Self.createSession(makeSession(), in: store))
        let message = try #require(write.failure?.unavailableMessage, "a write on a dead connection answered \(write)")
        #expect(message.hasPrefix("PostgreSQL failed while "))

        let again = try #require(Self.createSession(makeSession(), in: store))
        #expect((try? again.get()) != nil, "the pool did not reconnect: \(again)")
    }

    @Test("a server that stops answering is given up after the response timeout: a read moves to a new connection, a write answers 503")
    func frozenServer() throws {
        let store = try makeStore(.init(connectionCount: 1, statementTimeout: .milliseconds(300)))
        let side = try TestDatabase.sideConnection(url)
        let session = makeSession()
        try #require(Self.createSession(session, in: store).map { (try? $0.get()) != nil } == true)
        var stopped: [pid_t] = []
        defer { for pid in stopped { kill(pid, SIGCONT) } }
        // SIGSTOP: the backend's socket stays open and the kernel still acknowledges, but nothing answers.
        func freezeOwnBackend() throws {
            // A stopped backend stays listed after the pool gave its connection up.
            let earlier = stopped.isEmpty ? "" : " AND pid NOT IN (\(stopped.map(String.init).joined(separator: ", ")))"
            let pid = try TestDatabase.count("SELECT pid FROM pg_stat_activity WHERE \(ownBackends)\(earlier)", on: side)
            try #require(pid > 0 && kill(pid_t(pid), SIGSTOP) == 0)
            stopped.append(pid_t(pid))
        }

        try freezeOwnBackend()
        var started = Date()
        let read = try #require(Self.readSession(session.id, in: store))
        var elapsed = Date().timeIntervalSince(started)
        #expect((try? read.get())??.id == session.id, "answered \(read)")
        #expect(elapsed >= 1.3 && elapsed < 4, "answered after \(elapsed) s (response timeout 1.3 s)")

        try freezeOwnBackend()
        started = Date()
        let write = try #require(Self.createSession(makeSession(), in: store))
        elapsed = Date().timeIntervalSince(started)
        // The whole transaction was sent and no answer came: it may have committed.
        let message = try #require(write.failure?.commitInDoubtMessage, "answered \(write)")
        #expect(message.contains("the server sent nothing for 1300 ms"), "\(message)")
        #expect(elapsed >= 1.3 && elapsed < 4, "answered after \(elapsed) s (response timeout 1.3 s)")
        #expect((try? Self.createSession(makeSession(), in: store)?.get()) != nil, "the pool did not reconnect")
    }

    @Test("a write that waits for a row lock past the statement timeout answers 503, and succeeds once the lock is gone")
    func statementTimeout() throws {
        // A second, not less: the failed write's connection is replaced, and the new one prepares
        // every statement under the same timeout, which a cold backend on a machine loaded by a
        // full parallel test run once missed at 300 ms.
        let store = try makeStore(.init(connectionCount: 1, statementTimeout: .seconds(1)))
        let session = makeSession()
        try #require(Self.createSession(session, in: store).map { (try? $0.get()) != nil } == true)
        let side = try TestDatabase.sideConnection(url, schema: schema)
        try side.execute("BEGIN; SELECT id FROM sessions WHERE id = '\(session.id.rawValue)' FOR UPDATE")

        let started = Date()
        let blocked = try #require(try Self.putValue("during", session: session.id, in: store).wait(seconds: 10))
        let elapsed = Date().timeIntervalSince(started)
        let message = try #require(blocked.failure?.unavailableMessage, "answered \(blocked)")
        #expect(message.contains("SQLSTATE 57014"), "\(message)")
        #expect(elapsed >= 0.95 && elapsed < 4, "answered after \(elapsed) s")

        try side.execute("ROLLBACK")
        let after = try #require(try Self.putValue("after", session: session.id, in: store).wait(seconds: 10))
        #expect((try? after.get()) != nil, "answered \(after)")
    }

    @Test("writes arriving while the one write transaction waits for a lock go together in the next; reads still pass")
    func oneWriteTransactionAtOnce() throws {
        let store = try makeStore(.init(connectionCount: 2, maximumWriteBatchesInFlight: 1))
        let held = makeSession(), other = makeSession()
        try #require(Self.createSession(held, in: store).map { (try? $0.get()) != nil } == true)
        try #require(Self.createSession(other, in: store).map { (try? $0.get()) != nil } == true)
        let side = try TestDatabase.sideConnection(url, schema: schema)
        try side.execute("BEGIN; SELECT id FROM sessions WHERE id = '\(held.id.rawValue)' FOR UPDATE")
        let first = try Self.putValue("held", session: held.id, in: store)
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE \(ownBackends) AND wait_event_type = 'Lock'"
        try #require(try TestDatabase.wait(until: waiting, countsAtLeast: 1, on: side))
        let before = store.commitStatistics

        let later = try (0..<5).map { index in try Self.putValue("later \(index)", session: other.id, in: store) }
        let read = try #require(Self.readSession(other.id, in: store), "a read waited behind the write transaction")
        #expect((try? read.get())??.id == other.id)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(later.allSatisfy { $0.current == nil }, "a write ran beside the one in flight")

        try side.execute("ROLLBACK")
        #expect((try? first.wait(seconds: 10)?.get()) != nil)
        for write in later { #expect((try? write.wait(seconds: 10)?.get()) != nil) }
        let after = store.commitStatistics
        #expect(after.commits - before.commits == 2, "the five later writes took \(after.commits - before.commits - 1) commits")
        #expect(after.largestBatch >= 5)
    }

    @Test("while the only connection waits for a lock, calls beyond the queue are refused at once and queued ones after acquireTimeout")
    func busyPool() throws {
        let store = try makeStore(.init(connectionCount: 1, statementTimeout: .seconds(5), acquireTimeout: .milliseconds(300),
                                        maximumQueuedCalls: 2))
        let session = makeSession()
        try #require(Self.createSession(session, in: store).map { (try? $0.get()) != nil } == true)
        let side = try TestDatabase.sideConnection(url, schema: schema)
        try side.execute("BEGIN; SELECT id FROM sessions WHERE id = '\(session.id.rawValue)' FOR UPDATE")
        let holding = try Self.putValue("held", session: session.id, in: store)
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE \(ownBackends) AND wait_event_type = 'Lock'"
        try #require(try TestDatabase.wait(until: waiting, countsAtLeast: 1, on: side))

        let started = Date()
        let reads = (0..<3).map { _ in
            let answer = Answer<Result<SessionRecord?, SceneStateStoreError>>()
            store.session(id: session.id) { answer.set($0) }
            return answer
        }
        let refused = try #require(reads[2].current?.failure?.unavailableMessage, "the third read was not refused at once")
        #expect(refused.contains("2 calls wait"))
        for read in reads.prefix(2) {
            let message = try #require(read.wait(seconds: 4)?.failure?.unavailableMessage)
            #expect(message.contains("no database connection came free"))
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.3 && elapsed < 2, "the queued reads were answered after \(elapsed) s")
        #expect(holding.current == nil, "the write holding the connection was answered before the lock was released")

        try side.execute("ROLLBACK")
        let held = try #require(holding.wait(seconds: 10))
        #expect((try? held.get()) != nil, "answered \(held)")
        #expect((try? Self.readSession(session.id, in: store)?.get())??.id == session.id)
    }
}
