import SceneLinkCore
import SceneLinkHTTP

extension ShortLinkEndpoints {
    /// The refusal of a request to an admin route, or nil when it carries the admin token.
    ///
    /// 403 when no token is configured (the routes are off); 401 when the request has no
    /// `Authorization: Bearer TOKEN`, several, a malformed one, or a token that is neither the
    /// admin token nor, during a rotation, the next one (`--admin-token-next`). The token is
    /// compared as a SHA-256 hash in constant time, so the time taken reveals neither how much
    /// of a guess was right nor the token's length.
    func adminRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard let expected = adminTokenHash else { return ShortLinkProblems.disabled(path: request.path).response() }
        let fields = request.headers.values(named: "Authorization")
        guard let field = fields.first else {
            return ShortLinkProblems.unauthorized(
                "This route needs the header 'Authorization: Bearer TOKEN' with the server's admin token (--admin-token).",
                invalidToken: false)
        }
        guard fields.count == 1 else {
            return ShortLinkProblems.unauthorized(
                "The request has \(fields.count) Authorization fields; send one, 'Authorization: Bearer TOKEN' with the admin token.",
                invalidToken: true)
        }
        guard let text = try? BearerCredentials.token(inField: field) else {
            return ShortLinkProblems.unauthorized(
                "The Authorization field is not 'Bearer TOKEN'; send 'Authorization: Bearer TOKEN' with the admin token (--admin-token).",
                invalidToken: true)
        }
        let wrong = ShortLinkProblems.unauthorized(
            "The bearer token is not the admin token; send the token scenelink was started with (--admin-token).",
            invalidToken: true)
        let token = SessionToken(text: text)
        // Both comparisons always run, so the time taken does not say which token matched.
        let current = SessionToken.constantTimeEqual(token.hash, expected)
        let next = SessionToken.constantTimeEqual(token.hash, nextAdminTokenHash ?? expected)
        return current || next ? nil : wrong
    }
}
