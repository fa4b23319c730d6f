import SceneLinkCore
import SceneLinkHTTP

/// Checks the admin token of every route declared with `RouteCaller.adminToken`, before its
/// handler runs.
///
/// 403 when no token is configured (the admin routes are off); 401 when the request has no
/// `Authorization: Bearer TOKEN`, several, a malformed one, or a token that is neither the
/// admin token nor, during a rotation, the next one (`--admin-token-next`). The token is
/// compared as a SHA-256 hash in constant time, so the time taken reveals neither how much of a
/// guess was right nor the token's length.
struct AdminAuthenticator: Sendable {
    /// SHA-256 of the configured admin token; nil turns the admin routes off.
    let tokenHash: [UInt8]?
    /// SHA-256 of the token also accepted during a rotation, if any.
    let nextTokenHash: [UInt8]?

    init(token: String?, nextToken: String?) {
        tokenHash = token.map { SessionToken(text: $0).hash }
        nextTokenHash = nextToken.map { SessionToken(text: $0).hash }
    }

    /// Why `request` may not call an admin route, or nil when it carries the admin token.
    func refusal(_ request: HTTPRequest) -> Refusal? {
        guard let expected = tokenHash else { return .disabled }
        let fields = request.headers.values(named: "Authorization")
        guard let field = fields.first else { return .missingToken }
        guard fields.count == 1, let text = try? BearerCredentials.token(inField: field) else { return .wrongToken }
        let token = SessionToken(text: text)
        // Both comparisons always run, so the time taken does not say which token matched.
        let current = SessionToken.constantTimeEqual(token.hash, expected)
        let next = SessionToken.constantTimeEqual(token.hash, nextTokenHash ?? expected)
        return current || next ? nil : .wrongToken
    }

    /// Why a request was refused.
    enum Refusal: Sendable, Equatable {
        /// No admin token is configured.
        case disabled
        /// No `Authorization` field.
        case missingToken
        /// Several fields, a malformed one, or a token that is not the admin token: an attempt
        /// that counts against the `admin-auth` class.
        case wrongToken

        /// The answer: 403, or 401 with the challenge of RFC 6750 §3.
        var response: HTTPResponse {
            switch self {
            case .disabled:
                HTTPProblem(
                    status: .forbidden, type: HTTPProblem.typeBase + "admin-disabled", title: "Administration is off",
                    detail: "No admin token is configured, so the admin routes (short links, webhooks, analytics) are off; start scenelink "
                        + "with --admin-token TOKEN (or SCENELINK_ADMIN_TOKEN=TOKEN, 16 or more characters) and send it as "
                        + "'Authorization: Bearer TOKEN'.").response()
            case .missingToken:
                Self.unauthorized("This route needs the header 'Authorization: Bearer TOKEN' with the server's admin token (--admin-token).",
                                  invalidToken: false)
            case .wrongToken:
                Self.unauthorized("The bearer token is not the admin token; send exactly one 'Authorization: Bearer TOKEN' "
                                  + "with the token scenelink was started with (--admin-token).", invalidToken: true)
            }
        }

        private static func unauthorized(_ detail: String, invalidToken: Bool) -> HTTPResponse {
            let challenge = invalidToken ? "Bearer realm=\"scenelink-admin\", error=\"invalid_token\"" : "Bearer realm=\"scenelink-admin\""
            return HTTPProblem(status: .unauthorized, type: HTTPProblem.typeBase + "admin-unauthorized", title: "Admin token required",
                               detail: detail)
                .response(headers: ["WWW-Authenticate": challenge])
        }
    }
}
