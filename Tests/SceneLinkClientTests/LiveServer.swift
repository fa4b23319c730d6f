import Foundation
import SceneLinkClient
import SceneLinkCore
import SceneLinkOperations
import SceneLinkService
import Synchronization

/// The real SceneLink server, started in process on a free port (SQLite in memory unless a
/// test asks for a file), for the client to talk to over HTTP.
struct LiveServer {
    let application: SceneLinkApplication
    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// The repository's examples folder (route files).
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    /// Starts a server; `configure` may change the configuration (port 0 and `:memory:` by default).
    static func start(clock: SceneStateClock = .system,
                      _ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws -> LiveServer {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configure(&configuration)
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in },
                                                   clock: clock)
        let port = try application.start(handlingSignals: false)
        return LiveServer(application: application, port: port)
    }

    /// Runs `body` against a fresh server, then drains it.
    static func with(clock: SceneStateClock = .system, _ configure: (inout ServiceConfiguration) -> Void = { _ in },
                     _ body: (LiveServer) async throws -> Void) async throws {
        let server = try start(clock: clock, configure)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Drains the server without blocking a concurrency thread.
    func stop() async {
        application.shutdown(reason: "test")
        await withCheckedContinuation { continuation in
            // A thread of its own: a blocking wait must not take one of Dispatch's shared threads,
            // which the servers of other tests running at the same time need.
            Thread {
                application.waitUntilStopped()
                continuation.resume()
            }.start()
        }
    }

    /// A client of this server with a fresh session; retries off unless a test wants them.
    func clientWithSession(retryPolicy: RetryPolicy = .none) async throws -> SceneLinkClient {
        var client = SceneLinkClient(baseURL: baseURL, retryPolicy: retryPolicy)
        client.session = try await client.openSession()
        return client
    }
}

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var clock: SceneStateClock { SceneStateClock { self.now.withLock { $0 } } }
    var date: Date { now.withLock { $0 } }
    func advance(by seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
