import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService

/// Named API keys over a real socket: the admin token manages them, each admin route lets a key
/// through only with its scope, and revoked or unknown keys are wrong tokens.
@Suite struct APIKeyEndpointsTests {
    typealias Service = ShortLinkEndpointsTests
    static let admin = Service.admin.merging(["Content-Type": "application/json"]) { a, _ in a }

    static func bearer(_ key: String) -> [String: String] {
        ["Authorization": "Bearer \(key)", "Content-Type": "application/json"]
    }

    /// Makes a key with the admin token; answers its id and text.
    static func makeKey(_ client: LoopbackClient, name: String, scopes: [String]) async throws -> (id: String, text: String) {
        let body = "{\"name\":\"\(name)\",\"scopes\":[\(scopes.map { "\"\($0)\"" }.joined(separator: ","))]}"
        let response = try await client.send("POST", "/v1/keys", headers: admin, body: Array(body.utf8))
        #expect(response.status == 201, "\(response.text)")
        #expect(response.headers["cache-control"] == "no-store")
        let document = try JSONParser.parse(response.body)
        let id = try #require(document["id"]?.stringValue)
        let text = try #require(document["key"]?.stringValue)
        #expect(text.hasPrefix("slk_\(id)_"))
        #expect(response.headers["location"] == "/v1/keys/\(id)")
        return (id, text)
    }

    static func detail(_ response: LoopbackClient.Response) -> String {
        (try? JSONParser.parse(response.body)["detail"]?.stringValue) ?? ""
    }

    @Test func theAdminTokenMakesListsAndRevokesKeysAndTheListNeverShowsTheirText() async throws {
        try await Service.withService { client, _ in
            let key = try await Self.makeKey(client, name: "marketing", scopes: ["links:write", "analytics:read"])
            let listed = try await client.send("GET", "/v1/keys", headers: Service.admin)
            #expect(listed.status == 200)
            #expect(listed.text.contains("\"name\":\"marketing\""))
            #expect(listed.text.contains("\"scopes\":[\"links:write\",\"analytics:read\"]"))
            #expect(!listed.text.contains(key.text))
            #expect(!listed.text.contains("\"key\""))
            #expect(try await client.send("DELETE", "/v1/keys/\(key.id)", headers: Service.admin).status == 204)
            #expect(try await client.send("DELETE", "/v1/keys/\(key.id)", headers: Service.admin).status == 204)
            #expect(try await client.send("DELETE", "/v1/keys/0123456789abcdef", headers: Service.admin).status == 404)
            let revoked = try await client.send("GET", "/v1/keys", headers: Service.admin)
            #expect(!revoked.text.contains("\"revokedAt\":null"))
        }
    }

    @Test func theKeyListIsPagedWithLimitAndCursorLikeTheShortLinks() async throws {
        try await Service.withService { client, _ in
            var made: [String] = []
            for index in 0..<5 { made.append(try await Self.makeKey(client, name: "tool-\(index)", scopes: ["links:read"]).id) }
            var seen: [String] = []
            var query = "?limit=2"
            var pages = 0
            while pages < 10 {
                let response = try await client.send("GET", "/v1/keys\(query)", headers: Service.admin)
                #expect(response.status == 200)
                #expect(response.headers["cache-control"] == "no-store")
                let document = try JSONParser.parse(response.body)
                let keys = try #require(document["keys"]?.arrayValue)
                #expect(keys.count <= 2)
                seen += keys.compactMap { $0["id"]?.stringValue }
                pages += 1
                guard let next = document["nextCursor"]?.stringValue else {
                    #expect(document["nextCursor"] == .null)
                    break
                }
                query = "?limit=2&cursor=\(next)"
            }
            #expect(pages == 3)
            #expect(Set(seen) == Set(made))
            #expect(seen.count == made.count)
            let all = try JSONParser.parse(try await client.send("GET", "/v1/keys", headers: Service.admin).body)
            #expect(all["keys"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == seen)

            for (query, detail) in [
                ("?limit=0", "limit takes a whole number from 1 to 500, not '0'."),
                ("?limit=501", "limit takes a whole number from 1 to 500, not '501'."),
                ("?cursor=abc", "cursor takes the nextCursor of the previous page as it was given, not 'abc'."),
                ("?cursor=1_XYZ", "cursor takes the nextCursor of the previous page as it was given, not '1_XYZ'."),
            ] {
                let refused = try await client.send("GET", "/v1/keys\(query)", headers: Service.admin)
                #expect(refused.status == 400)
                #expect(refused.text.contains("problems/invalid-query"))
                #expect(Self.detail(refused) == detail)
            }
        }
    }

    @Test func aBadKeyRequestNamesWhatToFix() async throws {
        try await Service.withService { client, _ in
            let unknown = try await client.send("POST", "/v1/keys", headers: Self.admin,
                                                body: Array(#"{"name":"x","scopes":["links:wrote"]}"#.utf8))
            #expect(unknown.status == 400)
            #expect(Self.detail(unknown) == "'links:wrote' is not a scope; the scopes are links:read, links:write, analytics:read, "
                + "webhooks:admin, audit:read, console.")
            let none = try await client.send("POST", "/v1/keys", headers: Self.admin, body: Array(#"{"name":"x","scopes":[]}"#.utf8))
            #expect(none.status == 400)
            let badName = try await client.send("POST", "/v1/keys", headers: Self.admin,
                                                body: Array(#"{"name":"a/b","scopes":["links:read"]}"#.utf8))
            #expect(badName.status == 400)
            _ = try await Self.makeKey(client, name: "ops", scopes: ["webhooks:admin"])
            let taken = try await client.send("POST", "/v1/keys", headers: Self.admin, body: Array(#"{"name":"ops","scopes":["links:read"]}"#.utf8))
            #expect(taken.status == 409)
            #expect(Service.problemType(taken) == "key-name-exists")
        }
    }

    @Test func aKeyPassesTheRoutesOfItsScopesAndIsTold403NamingTheScopeElsewhere() async throws {
        try await Service.withService { client, _ in
            let key = try await Self.makeKey(client, name: "marketing", scopes: ["links:write"])
            let headers = Self.bearer(key.text)
            // links:write creates, deletes and (implied links:read) lists.
            let created = try await Service.create(client, #"{"link": "fuelmoney://settings/account", "alias": "spring"}"#, headers: headers)
            #expect(created.status == 201, "\(created.text)")
            #expect(try await client.send("GET", "/v1/short-links", headers: headers).status == 200)
            #expect(try await client.send("DELETE", "/v1/short-links/spring", headers: headers).status == 204)

            let analytics = try await client.send("GET", "/v1/analytics/timeseries", headers: headers)
            #expect(analytics.status == 403)
            #expect(Service.problemType(analytics) == "missing-scope")
            #expect(Self.detail(analytics).contains("lacks the scope analytics:read"))
            let webhooks = try await client.send("GET", "/v1/webhooks", headers: headers)
            #expect(webhooks.status == 403)
            #expect(Self.detail(webhooks).contains("webhooks:admin"))
            let audit = try await client.send("GET", "/v1/audit", headers: headers)
            #expect(Self.detail(audit).contains("audit:read"))
            // Key management is the admin token's alone, whatever the key's scopes.
            let keys = try await client.send("GET", "/v1/keys", headers: headers)
            #expect(keys.status == 403)
            #expect(Service.problemType(keys) == "admin-token-required")

            let reader = try await Self.makeKey(client, name: "reader", scopes: ["links:read"])
            let refused = try await Service.create(client, #"{"link": "fuelmoney://settings/account"}"#, headers: Self.bearer(reader.text))
            #expect(refused.status == 403)
            #expect(Self.detail(refused).contains("links:write"))
        }
    }

    @Test func aRevokedOrUnknownKeyIs401AndSpendsTheAdminAuthBudget() async throws {
        try await Service.withService { client, _ in
            let key = try await Self.makeKey(client, name: "temp", scopes: ["links:read"])
            #expect(try await client.send("GET", "/v1/short-links", headers: Self.bearer(key.text)).status == 200)
            #expect(try await client.send("DELETE", "/v1/keys/\(key.id)", headers: Service.admin).status == 204)
            let revoked = try await client.send("GET", "/v1/short-links", headers: Self.bearer(key.text))
            #expect(revoked.status == 401)
            #expect(Service.problemType(revoked) == "admin-unauthorized")
            // The right id with another secret, and an id no key has.
            let forged = "slk_\(key.id)_" + String(repeating: "A", count: 43)
            #expect(try await client.send("GET", "/v1/short-links", headers: Self.bearer(forged)).status == 401)
            let unknown = "slk_0123456789abcdef_" + String(repeating: "A", count: 43)
            var statuses: [Int] = []
            for _ in 0..<10 { statuses.append(try await client.send("GET", "/v1/short-links", headers: Self.bearer(unknown)).status) }
            // 10 wrong tokens a minute per address: the budget ran out among these.
            #expect(statuses.contains(429))
            #expect(try await client.send("GET", "/v1/short-links", headers: Service.admin).status == 429)
        }
    }

    @Test func aKeyMadeBehindTheServersBackIsReadFromTheStoreOnItsFirstUse() async throws {
        try await Service.withService { client, application in
            // As `scenelink keys create` or another instance would: straight into the store, not through this cache.
            let (key, token) = try APIKey.make(name: "elsewhere", scopes: [.linksRead], at: Date())
            try await awaiting { application.store.createAPIKey(key, completion: $0) }
            #expect(try await client.send("GET", "/v1/short-links", headers: Self.bearer(token.text)).status == 200)
            let refused = try await client.send("GET", "/v1/webhooks", headers: Self.bearer(token.text))
            #expect(refused.status == 403)
            #expect(Service.problemType(refused) == "missing-scope")
        }
    }
}
