import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The body of `POST /v1/keys`: `{"name": "marketing", "scopes": ["links:write", "analytics:read"]}`.
struct APIKeyRequest: Sendable {
    static let members = ["name", "scopes"]
    /// The most items `scopes` may hold (duplicates count), as openapi.yaml says.
    static let maximumScopeItems = 16

    var name: String
    var scopes: [APIKeyScope]

    /// - Throws: the 400 problem saying what is wrong: not a JSON object, a missing or mistyped
    ///   member, a name `APIKey.validName` refuses, an unknown scope (naming the valid ones).
    init(body: [UInt8]) throws(HTTPProblem) {
        let body = try JSONObjectBody(body, members: Self.members, example: #"{"name": "marketing", "scopes": ["links:write"]}"#,
                                      problem: APIKeyProblems.badBody)
        let text = try body.requiredString("name", "the key's name, such as \"marketing\"", maximumBytes: 256)
        guard case .array(let items)? = body["scopes"] else {
            throw APIKeyProblems.badBody("The body needs \"scopes\", an array of scope names from \(APIKeyScope.names).")
        }
        guard items.count <= Self.maximumScopeItems else {
            throw APIKeyProblems.badBody("\"scopes\" holds \(items.count) items; give at most \(Self.maximumScopeItems).")
        }
        var names: [String] = []
        for item in items {
            guard let name = item.stringValue else {
                throw APIKeyProblems.badBody("\"scopes\" must hold scope names as strings: \(APIKeyScope.names).")
            }
            names.append(name)
        }
        do {
            name = try APIKey.validName(text)
            scopes = try APIKeyScope.parse(names)
        } catch {
            throw APIKeyProblems.badBody(error.description)
        }
    }
}
