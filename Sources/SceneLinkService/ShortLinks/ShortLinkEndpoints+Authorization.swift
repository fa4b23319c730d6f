import SceneLinkCore
import SceneLinkHTTP

extension ShortLinkEndpoints {
    /// The refusal of a request to an admin route, or nil when it carries the admin token.
    ///
    /// 403 when no token is configured (the routes are off); 401 when the request has no
    /// `Authorization: Bearer TOKEN`, several, a malformed one, or another token. The token is
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
        guard let token = try? BearerCredentials.token(inField: field),
              SessionToken.constantTimeEqual(SessionToken(text: token).hash, expected) else { return wrong }
        return nil
    }
}
