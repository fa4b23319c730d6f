import CLibPQ

/// A notice the server sent beside a result (a `WARNING`, a `NOTICE`), read from libpq's notice
/// result with `PQresultErrorField`.
///
/// The one that matters: when a commit's wait for a synchronous standby is cancelled
/// (`pg_cancel_backend`, a cancel request, a terminated backend), PostgreSQL keeps the commit
/// locally and answers **success**, with only a `WARNING` "canceling wait for synchronous
/// replication …" ("The transaction has already committed locally, but might not have been
/// replicated to the standby"). That commit may be gone after a promote, so the store must not
/// acknowledge it (see `PostgresConnection.runPipelined`).
struct PostgresNotice: Sendable, Equatable {
    /// `WARNING`, `NOTICE`, … in English whatever `lc_messages` says (`PG_DIAG_SEVERITY_NONLOCALIZED`).
    var severity: String
    /// The five-character SQLSTATE: `01000` for a cancelled wait, `57P01` when the backend is terminated.
    var sqlState: String?
    /// The server's primary sentence (translated when the server's `lc_messages` is not English).
    var message: String
    /// The server's detail sentence, if any.
    var detail: String?

    /// Reads a notice result; nil when it carries no severity (not a server notice).
    init?(result: OpaquePointer) {
        func field(_ code: UInt8) -> String? {
            PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
        }
        // Servers before 9.6 send no non-localized severity; the localized one is the fallback.
        guard let severity = field(UInt8(ascii: "V")) ?? field(UInt8(ascii: "S")) else { return nil }
        self.init(severity: severity, sqlState: field(UInt8(ascii: "C")), message: field(UInt8(ascii: "M")) ?? "",
                  detail: field(UInt8(ascii: "D")))
    }

    init(severity: String, sqlState: String?, message: String, detail: String?) {
        self.severity = severity
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
    }

    /// True for a `WARNING`. During a write transaction every warning leaves the commit in
    /// doubt: the only ones PostgreSQL sends there are about the commit not being what it should
    /// (the cancelled synchronous-replication wait above, whatever cancelled it, in any language);
    /// SceneLink's own statements and functions raise none. Answering such a commit as
    /// indeterminate costs a retry; acknowledging it could cost a save.
    var isWarning: Bool { severity == "WARNING" }

    /// True when the server says this is the cancelled synchronous-replication wait (by its
    /// English sentence; a translated server is still caught by `isWarning`).
    var isCancelledReplicationWait: Bool {
        message.contains("synchronous replication") || (detail ?? "").contains("committed locally")
    }

    /// `WARNING: canceling wait for synchronous replication due to user request (SQLSTATE 01000)`.
    var description: String {
        "\(severity): \(message)" + (sqlState.map { " (SQLSTATE \($0))" } ?? "")
    }
}
