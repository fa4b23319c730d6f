import Foundation
import SceneLinkCore

/// A failure reported by libpq or PostgreSQL, with what SceneLink was doing and the server's
/// SQLSTATE when it sent one. Messages name the database by host, port and name only: never a
/// user's password (libpq's own messages do not carry it either).
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What SceneLink was doing: "connecting to postgres://db:5432/scenelink", "running put_value".
    public let context: String
    /// The five-character SQLSTATE (`57P01`), nil when libpq failed on its own (a dropped socket).
    public let sqlState: String?
    /// libpq's or the server's sentence, on one line.
    public let message: String
    /// True when the connection itself is gone or was never made; the pool opens a new one.
    public let isConnectionFailure: Bool
    /// True when the commit returned but may not survive a failover: the server warned that its
    /// wait for a synchronous standby was cancelled (see `PostgresNotice`). The writes are
    /// answered as indeterminate (503), never acknowledged; the connection itself is fine.
    public let isCommitInDoubt: Bool

    init(context: String, sqlState: String? = nil, message: String, isConnectionFailure: Bool = false,
         isCommitInDoubt: Bool = false) {
        self.context = context
        self.sqlState = sqlState
        self.message = PostgresError.oneLine(message)
        self.isConnectionFailure = isConnectionFailure
        self.isCommitInDoubt = isCommitInDoubt
    }

    public var description: String {
        "PostgreSQL failed while \(context): \(message)" + (sqlState.map { " (SQLSTATE \($0))" } ?? "")
    }

    /// True for failures a retry soon can cure (and for a commit in doubt, which must be answered
    /// 503 like them): the connection, a server that restarts or shuts
    /// down, too many connections, a statement timeout, a serialization failure or deadlock.
    /// The store answers them as `SceneStateStoreError.unavailable` (503), everything else as `.storage` (500).
    public var isTransient: Bool {
        if isConnectionFailure || isCommitInDoubt { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || sqlState.hasPrefix("53") || sqlState.hasPrefix("57P")
            || ["57014", "40001", "40P01", "55P03", "25006"].contains(sqlState)
    }

    /// True when the server ended the session (a connection failure, SQLSTATE class 08, or an
    /// operator's or a shutdown's 57P0x): after a COMMIT was sent, it may have committed first.
    var endsTheSession: Bool {
        guard !isConnectionFailure else { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || sqlState.hasPrefix("57P")
    }

    /// The store's view of this failure.
    var storeError: SceneStateStoreError {
        if isCommitInDoubt { return .failure(.commitInDoubt(message: description)) }
        return .failure(isTransient ? .unavailable(message: description) : .storage(message: description))
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
