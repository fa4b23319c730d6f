import Foundation
import SceneLinkCore

/// One signed-in console session, as the server keeps it: never the id itself (the cookie's
/// value), only what it names.
///
/// `ConsoleSessions` makes and finds them; the guard of a `RouteCaller.console` route puts the
/// session's `actor` in `HTTPRequest.principal`, so audit entries of changes made from the
/// console name `console:` and the first 8 hex digits of a hash of the id.
package struct ConsoleSession: Sendable, Equatable {
    /// SHA-256 of the id, in lowercase hex: how the session is found, and (its first 8 digits)
    /// how the audit log names it.
    package let idHash: String
    /// The per-session form token every state-changing form carries as `csrf` (256 bits, hex).
    package let formToken: String
    /// Who signed in: the admin token, or an API key with the `console` scope and the scopes that
    /// say what the session may see and do (a key's scopes never change; a revoked key ends its sessions).
    package let signedInAs: OperatorIdentity
    /// When the session started; it ends `lifetime` later whatever happens.
    package let startedAt: Date
    /// The last request that used it; it ends `idleTimeout` after this.
    package var lastSeenAt: Date

    /// How the audit log names changes made from this session: `console:` and 8 hex digits of
    /// the id's hash (never the id, which is the cookie's secret).
    package var actor: AuditActor { .console(sessionPrefix: String(idHash.prefix(8))) }

    /// Whether the admin token (the root key) signed in: only then may the session manage API
    /// keys, as on the API.
    package var isRoot: Bool { signedInAs == .adminToken }

    /// Whether the session may perform `operation`: exactly what the identity it signed in with
    /// may do on the API (`AdminOperation.permission`).
    package func may(_ operation: AdminOperation) -> Bool { signedInAs.may(operation) }

    /// The key's id when a key signed in, so its revocation can end the session.
    package var keyID: String? { signedInAs.keyID }
}
