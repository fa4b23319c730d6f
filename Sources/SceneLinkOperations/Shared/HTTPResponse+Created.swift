import SceneLinkHTTP

extension HTTPResponse {
    /// `201 Created` with a JSON body, its `Location`, and `Cache-Control: no-store` (a create's
    /// answer may hold a secret, and no cache may keep it: RFC 9111 §5.2.2.5). What every create
    /// answers, and what an `Idempotency-Key` replays.
    package static func created(json: String, location: String?) -> HTTPResponse {
        var response = HTTPResponse.json(json, status: .created)
        if let location { response.headers.set("Location", location) }
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
