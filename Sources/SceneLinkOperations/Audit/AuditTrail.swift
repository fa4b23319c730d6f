import SceneLinkCore
import SceneLinkHTTP

/// Writes the audit entry of a change an admin route made, naming the caller the guard let
/// through (`HTTPRequest.principal`: `admin-token` or `key:NAME(id)`).
///
/// The entry is appended right after the change has committed, in a transaction of its own (in
/// the change's, every store write would need a variant that takes an entry); the route answers
/// once the entry is stored, so a client that saw a change succeed can read its entry. If the entry cannot be
/// written the change still stands and is answered; the failure is logged (`audit-write-failed`)
/// with the action and subject.
///
/// ```swift
/// audit.record(request, action: "short_link.deleted", subject: "link:\(code)") {
///     responder.respond(HTTPResponse(status: .noContent))
/// }
/// ```
public struct AuditTrail: Sendable {
    package let log: any AuditLog
    package let clock: SceneStateClock
    package let logger: Logger?

    public init(log: any AuditLog, clock: SceneStateClock = .system, logger: Logger? = nil) {
        self.log = log
        self.clock = clock
        self.logger = logger
    }

    /// Appends the entry of a change `request` made, then runs `then` (also when the write failed).
    /// - Parameter detail: public facts of the change only: never a secret or a visitor's data.
    package func record(_ request: HTTPRequest, action: String, subject: String, detail: [String: String] = [:],
                        then: @escaping @Sendable () -> Void) {
        record(actor: request.principal ?? "unknown", action: action, subject: subject, detail: detail, then: then)
    }

    /// Appends an entry naming `actor` itself (a refusal's, whose caller no guard let through).
    package func record(actor: String, action: String, subject: String, detail: [String: String] = [:],
                        then: @escaping @Sendable () -> Void) {
        let entry = AuditEntry(at: clock.now(), actor: actor, action: action, subject: subject, detail: detail)
        log.appendAuditEntry(entry) { [logger] result in
            if case .failure(let failure) = result {
                logger?.log(.error, "audit-write-failed", [("action", .string(action)), ("subject", .string(subject)),
                                                            ("error", .string(failure.description))])
            }
            then()
        }
    }
}
