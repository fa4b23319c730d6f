import SceneLinkCore
import SceneLinkHTTP
import SceneLinkNetwork

/// Who calls an operation, and from where: what every operation takes beside its input, checks
/// its permission against (`AdminOperation.permission`) and names in its audit entry.
///
/// ```swift
/// guard let caller = OperatorCaller(request) else { … }   // the guard's identity, the client address
/// keys.create(name: "ci", scopes: [.linksRead], by: caller) { result in … }
/// ```
package struct OperatorCaller: Sendable {
    /// The admin token, or a key with its scopes (a console session's: the one it signed in with).
    package let identity: OperatorIdentity
    /// How the audit log names the caller: `admin-token`, `key:NAME(id)`, or a console session's
    /// `console:PREFIX`.
    package let actor: String
    /// The client's address (behind trusted proxies, the forwarded one).
    package let client: IPAddress

    package init(identity: OperatorIdentity, actor: String, client: IPAddress) {
        self.identity = identity
        self.actor = actor
        self.client = client
    }

    /// The caller an operator's guard let through `request` (`EndpointGuard`, `ConsoleGuard`);
    /// nil when none did.
    package init?(_ request: HTTPRequest) {
        guard let identity = request.operatorIdentity else { return nil }
        self.init(identity: identity, actor: request.principal ?? identity.actor.description, client: request.clientAddress)
    }

    /// nil when the caller may perform `operation`, else the refusal every front end answers.
    package func refusal(of operation: AdminOperation) -> OperationError? {
        identity.may(operation) ? nil : .denied(operation, for: identity)
    }
}

extension OperatorCaller {
    /// The caller of `request`, for a handler behind an operator's guard.
    /// - Throws: 401 `admin-unauthorized` when no guard named one (a handler reached some other way).
    package static func of(_ request: HTTPRequest) throws(OperationError) -> OperatorCaller {
        guard let caller = OperatorCaller(request) else {
            throw OperationError(HTTPProblem(status: .unauthorized, type: HTTPProblem.typeBase + "admin-unauthorized",
                                             title: "Admin token required",
                                             detail: "This route needs the header 'Authorization: Bearer TOKEN' with the server's admin "
                                                 + "token (--admin-token) or an API key."))
        }
        return caller
    }
}
