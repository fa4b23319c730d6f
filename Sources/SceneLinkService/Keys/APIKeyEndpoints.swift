import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

/// Named API keys with scopes, managed with the admin token alone (`RoutePolicy.rootOnly`).
///
/// | method and path | answers |
/// |---|---|
/// | `POST /v1/keys` `{"name","scopes"}` | 201 the key with its text in `key` (`slk_…`, shown this once) |
/// | `GET /v1/keys?limit=N&cursor=C` | 200 `{"keys":[…],"nextCursor"}`, one page oldest first, revoked ones too, without their text |
/// | `DELETE /v1/keys/{id}` | 204: the key stops working (at once here, within 5 s on other instances) |
///
/// The store keeps the SHA-256 of a key's secret, never its text. Each create and revoke writes an
/// audit entry (`api_key.created`, `api_key.revoked`) with the key's name and scopes.
public struct APIKeyEndpoints: Sendable {
    let store: any APIKeyStore
    let cache: APIKeyCache?
    let audit: AuditTrail?
    let clock: SceneStateClock

    init(store: any APIKeyStore, cache: APIKeyCache?, audit: AuditTrail?, clock: SceneStateClock = .system) {
        self.store = store
        self.cache = cache
        self.audit = audit
        self.clock = clock
    }

    public static let collectionPattern = "/v1/keys"
    public static let itemPattern = "/v1/keys/{id}"
    static let maximumBodyBytes = 4 * 1024
    /// Keys per listing page: the default and the most.
    static let defaultPageSize = 100
    static let maximumPageSize = 500

    /// Declares the three routes, for the admin token only.
    public func register(on endpoints: inout EndpointTable) {
        endpoints.on(.post, Self.collectionPattern, .admin(.createKey).accepting(bodyBytes: Self.maximumBodyBytes)) { try self.create($0, $1) }
        endpoints.on(.get, Self.collectionPattern, .admin(.listKeys)) { self.list($0, $1) }
        endpoints.on(.delete, Self.itemPattern, .admin(.revokeKey)) { self.revoke($0, $1) }
    }

    /// `POST /v1/keys`: 201 with the key and its text.
    func create(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let parsed = try APIKeyRequest(body: request.body)
        let made: (key: APIKey, token: APIKeyToken)
        do {
            made = try APIKey.make(name: parsed.name, scopes: parsed.scopes, at: clock.now())
        } catch {
            throw APIKeyProblems.badBody(error.description)
        }
        store.createAPIKey(made.key) { [cache, audit] result in
            switch result {
            case .success:
                cache?.remember(made.key)
                let created = HTTPResponse.created(json: Self.json(made.key, text: made.token.text),
                                                   location: "\(Self.collectionPattern)/\(made.key.id)")
                audit.record(request, action: "api_key.created", subject: "key:\(made.key.id)", detail: Self.detail(made.key)) {
                    responder.respond(created)
                }
            case .failure(let error):
                responder.respond(APIKeyProblems.store(error))
            }
        }
    }

    /// `GET /v1/keys?limit=N&cursor=C`: one page of keys, oldest first, without their text, and
    /// the `nextCursor` of the next page (null on the last), as `GET /v1/short-links` pages.
    func list(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var limit = Self.defaultPageSize
        if let text = request.queryItem("limit") {
            guard let value = Int(text), (1...Self.maximumPageSize).contains(value) else {
                return responder.respond(APIKeyProblems.invalidQuery(
                    "limit takes a whole number from 1 to \(Self.maximumPageSize), not '\(text.prefix(32))'.").response())
            }
            limit = value
        }
        var cursor: APIKeyCursor?
        if let text = request.queryItem("cursor") {
            guard let value = APIKeyCursor(text: text) else {
                return responder.respond(APIKeyProblems.invalidQuery(
                    "cursor takes the nextCursor of the previous page as it was given, not '\(text.prefix(48))'.").response())
            }
            cursor = value
        }
        store.apiKeys(after: cursor, limit: limit) { result in
            switch result {
            case .success(let page):
                let next = page.nextCursor.map { JSONEscaping.quote($0.text) } ?? "null"
                var response = HTTPResponse.json(
                    "{\"keys\":[\(page.keys.map { Self.json($0, text: nil) }.joined(separator: ","))],\"nextCursor\":\(next)}")
                response.headers.set("Cache-Control", "no-store")
                responder.respond(response)
            case .failure(let error):
                responder.respond(APIKeyProblems.store(error))
            }
        }
    }

    /// `DELETE /v1/keys/{id}`: 204; 404 when no key has the id. Revoking a revoked key is 204 again.
    func revoke(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let id = request.pathParameters["id"] ?? ""
        guard APIKeyToken.isID(id) else { return responder.respond(APIKeyProblems.notFound.response()) }
        store.revokeAPIKey(id: id, at: clock.now()) { [cache, audit] result in
            switch result {
            case .success(let key?):
                cache?.remember(key)
                audit.record(request, action: "api_key.revoked", subject: "key:\(key.id)", detail: Self.detail(key)) {
                    responder.respond(HTTPResponse(status: .noContent))
                }
            case .success(nil):
                responder.respond(APIKeyProblems.notFound.response())
            case .failure(let error):
                responder.respond(APIKeyProblems.store(error))
            }
        }
    }

    /// What the audit log keeps of a key: its name and scopes.
    static func detail(_ key: APIKey) -> [String: String] {
        ["name": key.name, "scopes": key.scopes.map(\.rawValue).joined(separator: ",")]
    }

    /// One key; its text only when just made.
    static func json(_ key: APIKey, text: String?) -> String {
        var out = "{\"id\":\(JSONEscaping.quote(key.id)),\"name\":\(JSONEscaping.quote(key.name)),"
        out += "\"scopes\":[\(key.scopes.map { JSONEscaping.quote($0.rawValue) }.joined(separator: ","))],"
        out += "\"createdAt\":\(JSONEscaping.quote(RFC3339.string(key.createdAt))),"
        out += "\"revokedAt\":\(key.revokedAt.map { JSONEscaping.quote(RFC3339.string($0)) } ?? "null")"
        if let text { out += ",\"key\":\(JSONEscaping.quote(text))" }
        return out + "}"
    }
}
