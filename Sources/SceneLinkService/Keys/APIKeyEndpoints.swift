import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// Named API keys with scopes, managed with the admin token alone: the JSON adapter over
/// `APIKeyOperations`, which checks the caller and writes the audit entries.
///
/// | method and path | answers |
/// |---|---|
/// | `POST /v1/keys` `{"name","scopes"}` | 201 the key with its text in `key` (`slk_…`, shown this once) |
/// | `GET /v1/keys?limit=N&cursor=C` | 200 `{"keys":[…],"nextCursor"}`, one page oldest first, revoked ones too, without their text |
/// | `DELETE /v1/keys/{id}` | 204: the key stops working (at once here, within 5 s on other instances) |
public struct APIKeyEndpoints: Sendable {
    let operations: APIKeyOperations

    init(operations: APIKeyOperations) {
        self.operations = operations
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
        endpoints.on(.get, Self.collectionPattern, .admin(.listKeys)) { try self.list($0, $1) }
        endpoints.on(.delete, Self.itemPattern, .admin(.revokeKey)) { try self.revoke($0, $1) }
    }

    /// `POST /v1/keys`: 201 with the key and its text.
    func create(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let parsed = try APIKeyRequest(body: request.body)
        operations.create(name: parsed.name, scopes: parsed.scopes, by: caller) { result in
            switch result {
            case .success(let made):
                responder.respond(HTTPResponse.created(json: Self.json(made.key, text: made.token.text),
                                                       location: "\(Self.collectionPattern)/\(made.key.id)"))
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// `GET /v1/keys?limit=N&cursor=C`: one page of keys, oldest first, without their text, and
    /// the `nextCursor` of the next page (null on the last), as `GET /v1/short-links` pages.
    func list(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let limit = try PageLimit.parse(request.queryItem("limit"), standard: Self.defaultPageSize, maximum: Self.maximumPageSize)
        var cursor: APIKeyCursor?
        if let text = request.queryItem("cursor") {
            guard let value = APIKeyCursor(text: text) else {
                throw HTTPProblem.invalidQuery("cursor takes the nextCursor of the previous page as it was given, not '\(text.prefix(48))'.")
            }
            cursor = value
        }
        operations.list(after: cursor, limit: limit, by: caller) { result in
            switch result {
            case .success(let page):
                var response = HTTPResponse.json(.object([("keys", .array(page.keys.map { Self.json($0, text: nil) })),
                                                          ("nextCursor", page.nextCursor.map { .string($0.text) } ?? .null)]))
                response.headers.set("Cache-Control", "no-store")
                responder.respond(response)
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// `DELETE /v1/keys/{id}`: 204; 404 when no key has the id. Revoking a revoked key is 204 again.
    func revoke(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        operations.revoke(id: request.pathParameters["id"] ?? "", by: try OperatorCaller.of(request)) { result in
            switch result {
            case .success: responder.respond(HTTPResponse(status: .noContent))
            case .failure(let error): responder.respond(error.response)
            }
        }
    }

    /// One key; its text only when just made.
    static func json(_ key: APIKey, text: String?) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(key.id)), ("name", .string(key.name)), ("scopes", .array(key.scopes.map { .string($0.rawValue) })),
            ("createdAt", .string(RFC3339.string(key.createdAt))), ("revokedAt", key.revokedAt.map { .string(RFC3339.string($0)) } ?? .null),
        ]
        if let text { members.append(("key", .string(text))) }
        return .object(members)
    }
}
