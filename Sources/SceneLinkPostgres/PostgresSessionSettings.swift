import Foundation

/// What every pooled connection sets right after it connects.
struct PostgresSessionSettings: Sendable {
    /// `statement_timeout`: a statement that runs (or waits for a lock) longer fails, and its
    /// callers get 503 instead of a request that hangs.
    var statementTimeoutMilliseconds: Int
    /// How long a connection waits for the server's next answer before it counts as lost: twice
    /// the statement timeout, at least one second more (so the server's own timeout, a clean
    /// 57014, always comes first). Nil without a statement timeout (the migration connection).
    /// It catches what `statement_timeout` cannot: a server that is frozen, or a network that
    /// drops packets silently, neither answers nor closes the socket.
    var responseTimeoutMilliseconds: Int? {
        statementTimeoutMilliseconds > 0 ? max(2 * statementTimeoutMilliseconds, statementTimeoutMilliseconds + 1000) : nil
    }
    /// Used when neither the URL nor `PGCONNECT_TIMEOUT` sets `connect_timeout`.
    var connectTimeoutSeconds: Int
    /// The schema the store's tables live in; nil keeps the server's `search_path`.
    var schema: String?

    /// `SET` statements for a new connection. `synchronous_commit` is forced on whatever the
    /// server's default: an acknowledged save must survive a crash of PostgreSQL.
    var sessionSQL: String {
        var sql = "SET synchronous_commit = on; SET client_min_messages = warning; "
            + "SET statement_timeout = \(max(0, statementTimeoutMilliseconds));"
        if let schema { sql += " SET search_path = \(PostgresSessionSettings.quotedIdentifier(schema));" }
        return sql
    }

    /// An identifier in double quotes, inner quotes doubled (the schema comes from configuration).
    static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
