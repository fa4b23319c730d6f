import Foundation
import Testing
import SceneLinkCore
@testable import SceneLinkPostgres

/// A store on a multi-host URL (`postgres://h1,h2,h3/db?target_session_attrs=read-write`) across
/// a failover, on two clusters of the test's own: A is the primary; B stands in for a standby
/// (`default_transaction_read_only = on`, which libpq's `read-write` check refuses as it refuses a
/// hot standby) until A is stopped immediately and B is "promoted" (read-only off). The first host
/// (port 1) never answers. Skipped without `SCENELINK_TEST_POSTGRES`.
@Suite("PostgresSceneStateStore on a multi-host URL", .enabled(if: TestDatabase.isAvailable, "needs SCENELINK_TEST_POSTGRES"))
final class PostgresSceneStateStoreFailoverTests {
    let primary: ScratchCluster
    let standby: ScratchCluster
    private var stores: [PostgresSceneStateStore] = []

    init() async throws {
        async let primary = ScratchCluster.start()
        async let standby = ScratchCluster.start()
        self.primary = try await primary
        self.standby = try await standby
    }

    deinit {
        // The clusters stop when they are released, after this.
        for store in stores { store.close() }
    }

    static func checkWritable(_ store: PostgresSceneStateStore) -> Result<Void, SceneStateStoreError>? {
        let answer = Answer<Result<Void, SceneStateStoreError>>()
        store.checkWritable { answer.set($0) }
        return answer.wait(seconds: 10)
    }

    static func setReadOnly(_ readOnly: Bool, on cluster: ScratchCluster) throws {
        let side = try TestDatabase.sideConnection(cluster.url)
        try side.execute(readOnly ? "ALTER SYSTEM SET default_transaction_read_only = on"
                                  : "ALTER SYSTEM RESET default_transaction_read_only")
        try side.execute("SELECT pg_reload_conf()")
    }

    @Test("after the primary is lost, not ready while no host takes writes; then every save finds the promoted host by itself")
    func failover() throws {
        // The standby needs the schema a promoted replica would have: migrate it first.
        try PostgresSceneStateStore(url: standby.url).close()
        try Self.setReadOnly(true, on: standby)
        let url = "postgres://scenelink@127.0.0.1:1,127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)/scenelink"
            + "?target_session_attrs=read-write&connect_timeout=2"
        let store = try PostgresSceneStateStore(
            url: url, configuration: .init(connectionCount: 2, reconnectDelay: .milliseconds(100)))
        stores.append(store)
        #expect(store.address == "postgres://127.0.0.1:\(primary.port)/scenelink", "connected to \(store.address)")
        #expect((try? Self.checkWritable(store)?.get()) != nil)
        try #require((try? PostgresSceneStateStoreFaultTests.createSession(makeSession(), in: store)?.get()) != nil)

        primary.crash()
        // No host takes writes now: /readyz (which asks checkWritable) says not ready, saves answer 503.
        let notReady = try #require(Self.checkWritable(store))
        #expect(notReady.failure?.unavailableMessage != nil, "ready with no writable host: \(notReady)")
        let refused = try #require(PostgresSceneStateStoreFaultTests.createSession(makeSession(), in: store))
        #expect(refused.failure?.unavailableMessage != nil, "a save with no writable host answered \(refused)")

        try Self.setReadOnly(false, on: standby)
        let promoted = Date()
        var ready = false
        while !ready && Date().timeIntervalSince(promoted) < 10 {
            ready = (try? Self.checkWritable(store)?.get()) != nil
            if !ready { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(ready, "not ready 10 s after the promote")
        // Saves through both pooled connections, all on the promoted host.
        let answers = (0..<40).map { _ in
            let answer = Answer<Result<Void, SceneStateStoreError>>()
            store.createSession(makeSession()) { answer.set($0) }
            return answer
        }
        let failed = answers.compactMap { $0.wait(seconds: 10) }.filter { (try? $0.get()) == nil }
        #expect(failed.isEmpty, "\(failed.count) of 40 saves failed after the promote: \(failed.first.map { "\($0)" } ?? "no answer")")
        let side = try TestDatabase.sideConnection(standby.url)
        #expect(try TestDatabase.count("SELECT count(*) FROM sessions", on: side) == 40)
    }
}
