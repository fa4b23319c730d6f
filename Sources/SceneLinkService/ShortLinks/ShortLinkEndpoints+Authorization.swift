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
        guard let expected = adminTokenHash else { return ShortLinkProblems.disabled.response() }
        let fields = request.headers.values(named: "Authorization")
        guard let field = fields.first else {
            return ShortLinkProblems.unauthorized(
                "This route needs the header 'Authorization: Bearer TOKEN' with the server's admin token (--admin-token).",
                invalidToken: false)
        }
        let wrong = ShortLinkProblems.unauthorized(
            "The bearer token is not the admin token; send the token scenelink was started with (--admin-token), once.",
            invalidToken: true)
        guard fields.count == 1 else { return wrong }
        guard let text = try? BearerCredentials.token(inField: field) else { return wrong }
        let token = SessionToken(text: text)
        // Both comparisons always run, so the time taken does not say which token matched.
        let current = SessionToken.constantTimeEqual(token.hash, expected)
        let next = SessionToken.constantTimeEqual(token.hash, nextAdminTokenHash ?? expected)
        return current || next ? nil : wrong
    }
}
