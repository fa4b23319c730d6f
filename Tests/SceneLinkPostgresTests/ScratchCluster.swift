import Dispatch
import Foundation

/// A PostgreSQL cluster of a test's own (`scripts/postgres.sh start` on a free port), for tests
/// that change server-wide settings (`synchronous_standby_names`) the shared test database must
/// keep. Stopped and deleted when it is released.
final class ScratchCluster: @unchecked Sendable {
    // @unchecked: immutable after init.
    let port: Int
    /// `postgres://scenelink@127.0.0.1:PORT/scenelink`, the database the script creates.
    let url: String

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/postgres.sh").path

    /// Starts a new cluster (about a second: initdb, start, createdb). A port found free can be
    /// taken before the server binds it (a full test run opens connections from the same
    /// ephemeral range), so a start that fails is cleaned up and tried again on another port.
    init() throws {
        var attempt = 1
        while true {
            let port = try ScratchCluster.freePort()
            do {
                try ScratchCluster.run(["start", String(port)])
                self.port = port
                break
            } catch {
                _ = try? ScratchCluster.run(["stop", String(port)])
                guard attempt < ScratchCluster.startAttempts else { throw error }
                attempt += 1
            }
        }
        url = "postgres://scenelink@127.0.0.1:\(port)/scenelink"
    }

    /// How many ports a cluster's start tries before it gives up.
    private static let startAttempts = 5

    /// Starts a new cluster on a Dispatch thread, for async suites: initdb and the server's start
    /// take seconds on a loaded machine, which would otherwise hold one of the Swift concurrency
    /// pool's threads (two here) that every async test and its awaits share.
    static func start() async throws -> ScratchCluster {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try ScratchCluster() }) }.start()
        }
    }

    /// A cluster nobody holds is stopped at once (`-m fast`, which also ends backends still
    /// waiting) and deleted: also when the suite that started it failed to start the rest.
    deinit {
        _ = try? ScratchCluster.run(["stop", String(port)])
    }

    /// Stops the server at once (`-m immediate`), as a crash would; the release still cleans up.
    func crash() {
        _ = try? ScratchCluster.run(["crash", String(port)])
    }

    /// Runs the script with its output thrown away. posix_spawn and waitpid rather than
    /// Foundation's `Process`, whose exit monitoring never reaped the script here.
    @discardableResult
    private static func run(_ arguments: [String]) throws -> Int32 {
        let argv = ["/bin/bash", script] + arguments
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/bash", &fileActions, nil, cArguments, environ)
        guard spawned == 0 else { throw ClusterError(message: "cannot run \(script): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
        guard exitCode == 0 else {
            throw ClusterError(message: "scripts/postgres.sh \(arguments.joined(separator: " ")) exited with \(exitCode)")
        }
        return exitCode
    }

    /// A TCP port nothing listens on now (bound to port 0 and released).
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ClusterError(message: "socket failed: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw ClusterError(message: "bind failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct ClusterError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
