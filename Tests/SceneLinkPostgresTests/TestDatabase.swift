import Dispatch
import Foundation
import SceneLinkCore
@testable import SceneLinkPostgres

/// The PostgreSQL database the live tests use: `SCENELINK_TEST_POSTGRES`, as
/// `scripts/postgres.sh start` prints it. Without it those tests are skipped (`.ci/run` sets it).
enum TestDatabase {
    static var url: String? {
        ProcessInfo.processInfo.environment["SCENELINK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var isAvailable: Bool { url != nil }

    /// A name no other test uses, for a schema or an `application_name`.
    static func uniqueName() -> String {
        "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// `url` with `application_name` set, so a test can find (and terminate) its store's backends.
    static func url(_ url: String, applicationName: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "application_name=" + applicationName
    }

    /// A connection of the test's own, beside the store's pool (in the store's schema when given).
    static func sideConnection(_ url: String, schema: String? = nil) throws -> PostgresConnection {
        try PostgresConnection(url: url, settings: PostgresSessionSettings(
            statementTimeoutMilliseconds: 0, connectTimeoutSeconds: 5, schema: schema))
    }

    /// The first column of the first row of `sql`, as a number.
    static func count(_ sql: String, on connection: PostgresConnection) throws -> Int {
        Int(try connection.execute(sql).first?.first.flatMap { $0 } ?? "") ?? -1
    }

    /// Polls `sql` until it counts at least `expected` rows, for at most 30 seconds.
    ///
    /// Each poll first drops the connection's statistics snapshot: inside a transaction (a side
    /// connection holding a row lock), PostgreSQL keeps `pg_stat_activity` as it first read it
    /// until the transaction ends, so a backend that began to wait after the first poll was
    /// never seen.
    static func wait(until sql: String, countsAtLeast expected: Int, on connection: PostgresConnection) throws -> Bool {
        let deadline = Date(timeIntervalSinceNow: 30)  // polled: only a failing test waits this long, and a full run keeps both cores busy
        while Date() < deadline {
            try connection.execute("SELECT pg_stat_clear_snapshot()")
            if try count(sql, on: connection) >= expected { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}

/// One asynchronous answer, waited for from a test: set once from any thread.
final class Answer<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is touched only with `lock` held.
    private let lock = NSLock()
    private var value: Value?
    private let arrived = DispatchSemaphore(value: 0)

    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
        arrived.signal()
    }

    /// The answer if it has come, without waiting.
    var current: Value? { lock.withLock { value } }

    /// Waits at most `seconds` for the answer.
    func wait(seconds: Double) -> Value? {
        _ = arrived.wait(timeout: .now() + seconds)
        return current
    }
}

extension SceneStateStoreError {
    /// The message of `.failure(.unavailable)`, nil for every other case.
    var unavailableMessage: String? {
        if case .failure(.unavailable(let message)) = self { return message }
        return nil
    }

    /// The message of `.failure(.commitInDoubt)`, nil for every other case.
    var commitInDoubtMessage: String? {
        if case .failure(.commitInDoubt(let message)) = self { return message }
        return nil
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

func makeSession() -> SessionRecord {
    let now = Date()
    return SessionRecord(id: .random(), tokenHash: SessionToken.random().hash, createdAt: now,
                         expiresAt: now.addingTimeInterval(3600))
}
