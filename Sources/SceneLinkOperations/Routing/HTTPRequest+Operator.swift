import SceneLinkCore
import SceneLinkHTTP

extension HTTPRequest {
    /// The operator the guard let through (the admin token, or a key with its scopes; a console
    /// session's, the identity it signed in with); nil on a route no operator's guard stands before.
    package var operatorIdentity: OperatorIdentity? { attachment as? OperatorIdentity }
}
