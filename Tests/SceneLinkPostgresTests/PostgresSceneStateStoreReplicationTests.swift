import Foundation
import Testing
import SceneLinkCore
@testable import SceneLinkPostgres

/// Saves on a primary whose synchronous standbys are stopped (`synchronous_standby_names =
/// 'ANY 1 (s1, s2)'` and neither connected): every commit waits for a standby. PostgreSQL ends
/// that wait when the backend is cancelled and then answers the COMMIT with *success* and a
/// WARNING; such a save is on the primary only and would be lost in a failover, so the store must
/// answer it as indeterminate (503), never as saved, whatever ended the wait.
///
/// Each test starts a cluster of its own (`ScratchCluster`): the setting is server-wide. Skipped
/// without `SCENELINK_TEST_POSTGRES` (which says PostgreSQL is installed and may be used).
@Suite("PostgresSceneStateStore with synchronous standbys stopped",
       .enabled(if: TestDatabase.isAvailable, "needs SCENELINK_TEST_POSTGRES"))
final class PostgresSceneStateStoreReplicationTests {
    let cluster: ScratchCluster
    let applicationName = TestDatabase.uniqueName()
    let side: PostgresConnection
    let inDoubt = InDoubtLog()
    private var stores: [PostgresSceneStateStore] = []

    /// What the store's `commitInDoubt` was told.
    final class InDoubtLog: @unchecked Sendable {
        // @unchecked: `entries` is touched only with `lock` held.
        private let lock = NSLock()
        private var entries: [(message: String, sessions: [String])] = []
        func add(_ message: String, _ sessions: [String]) { lock.withLock { entries.append((message, sessions)) } }
        var all: [(message: String, sessions: [String])] { lock.withLock { entries } }
    }

    init() async throws {
        cluster = try await ScratchCluster.start()
        side = try TestDatabase.sideConnection(cluster.url)
    }

    deinit {
        // The cluster stops when it is released, after this.
        for store in stores { store.close() }
    }

    /// A store with a session (created while commits still return at once), then standbys required.
    func storeWithSessionAndStoppedStandbys(statementTimeout: Duration = .seconds(5)) throws
        -> (PostgresSceneStateStore, SessionRecord) {
        let log = inDoubt
        let store = try PostgresSceneStateStore(url: TestDatabase.url(cluster.url, applicationName: applicationName),
                                                configuration: .init(connectionCount: 1, statementTimeout: statementTimeout)) {
            log.add($0, $1)
        }
        stores.append(store)
        let session = makeSession()
        let created = try #require(PostgresSceneStateStoreFaultTests.createSession(session, in: store))
        try #require((try? created.get()) != nil, "creating the session answered \(created)")
        try side.execute("ALTER SYSTEM SET synchronous_standby_names = 'ANY 1 (s1, s2)'")
        try side.execute("SELECT pg_reload_conf()")
        // The checkpointer tells the backends that standbys are required when it has reloaded.
        Thread.sleep(forTimeInterval: 1)
        return (store, session)
    }

    /// Waits until the store's backend waits for a standby; its pid.
    func backendWaitingForStandby() throws -> Int {
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(applicationName)' AND wait_event = 'SyncRep'"
        try #require(try TestDatabase.wait(until: waiting, countsAtLeast: 1, on: side), "no commit waited for a standby")
        return try TestDatabase.count(
            "SELECT pid FROM pg_stat_activity WHERE application_name = '\(applicationName)' AND wait_event = 'SyncRep'", on: side)
    }

    var storedValues: Int { get throws { try TestDatabase.count("SELECT count(*) FROM scene_values", on: side) } }

    @Test("a save whose wait for a standby is cancelled is committed on the primary, yet answered 503 and logged, never as saved")
    func cancelledWait() throws {
        let (store, session) = try storeWithSessionAndStoppedStandbys()
        let answer = try PostgresSceneStateStoreFaultTests.putValue("in doubt", session: session.id, in: store)
        let pid = try backendWaitingForStandby()
        #expect(answer.current == nil, "answered before any standby confirmed: \(String(describing: answer.current))")

        #expect(try TestDatabase.count("SELECT pg_cancel_backend(\(pid))::int", on: side) == 1)
        let result = try #require(answer.wait(seconds: 10), "no answer after the cancel")
        let message = try #require(result.failure?.commitInDoubtMessage, "a save on the primary only answered \(result)")
        #expect(message.contains("its wait for a synchronous standby was cancelled"), "\(message)")
        #expect(message.contains("may be lost in a failover"), "\(message)")
        // The trap: PostgreSQL kept it. Acknowledging it would have promised what a promote can take away.
        #expect(try storedValues == 1)
        let logged = inDoubt.all
        #expect(logged.count == 1 && logged.first?.sessions == [session.id.rawValue], "\(logged)")
        #expect(logged.first?.message.contains("SQLSTATE 01000") == true, "\(logged)")
    }

    @Test("a save whose waiting backend is terminated is answered as a commit in doubt: it committed locally first")
    func terminatedWait() throws {
        let (store, session) = try storeWithSessionAndStoppedStandbys()
        let answer = try PostgresSceneStateStoreFaultTests.putValue("in doubt", session: session.id, in: store)
        let pid = try backendWaitingForStandby()
        #expect(try TestDatabase.count("SELECT pg_terminate_backend(\(pid), 5000)::int", on: side) == 1)
        let result = try #require(answer.wait(seconds: 10), "no answer after the termination")
        let message = try #require(result.failure?.commitInDoubtMessage, "a save on the primary only answered \(result)")
        #expect(message.contains("the commit was sent but its answer never came"), "\(message)")
        // The trap again: PostgreSQL kept it, so "nothing was stored" would have been a lie.
        #expect(try storedValues == 1)
    }

    @Test("a save still waiting for a standby past the response timeout is answered as a commit in doubt, never a success")
    func waitPastTheTimeout() throws {
        // PostgreSQL does not apply statement_timeout to a commit's wait; the connection's response
        // timeout (1.3 s here) is what ends it on SceneLink's side.
        let (store, session) = try storeWithSessionAndStoppedStandbys(statementTimeout: .milliseconds(300))
        let started = Date()
        let answer = try PostgresSceneStateStoreFaultTests.putValue("in doubt", session: session.id, in: store)
        _ = try backendWaitingForStandby()
        let result = try #require(answer.wait(seconds: 10), "no answer")
        let message = try #require(result.failure?.commitInDoubtMessage, "a save on the primary only answered \(result)")
        #expect(message.contains("the commit was sent but its answer never came"), "\(message)")
        #expect(message.contains("the server sent nothing for 1300 ms"), "\(message)")
        #expect(Date().timeIntervalSince(started) >= 1.3)
    }

    @Test("a save waiting for a standby is acknowledged once the wait ends normally (standbys no longer required)")
    func waitEndsNormally() throws {
        let (store, session) = try storeWithSessionAndStoppedStandbys()
        let answer = try PostgresSceneStateStoreFaultTests.putValue("saved", session: session.id, in: store)
        _ = try backendWaitingForStandby()
        // Releases every waiting commit without a warning, as a standby's confirmation would.
        try side.execute("ALTER SYSTEM RESET synchronous_standby_names")
        try side.execute("SELECT pg_reload_conf()")
        let result = try #require(answer.wait(seconds: 10), "no answer after the wait ended")
        #expect((try? result.get())?.created == true, "answered \(result)")
        #expect(inDoubt.all.isEmpty)
    }
}
