import Foundation
import SceneLinkCore
import SceneLinkText
import Testing
@testable import SceneLinkService

/// One permission through every door: each scope set (each scope alone, `console` with each other
/// scope, the admin token) tries every operation through the JSON API and through the console (the
/// page, or its form posted with a valid form token), over a real socket. Both doors answer the
/// same allow or deny, that answer is the permission table's, and a denied console post changes
/// nothing in the store.
@Suite struct PermissionTableTests {
    typealias Console = ConsoleEndpointsTests

    /// One operation's request through each door; `{code}`, `{id}` and `{key}` are replaced by what
    /// `prepare` made for the attempt (with the admin token), so a destructive attempt has its own target.
    struct Case: Sendable {
        let operation: AdminOperation
        var api: (method: String, path: String, body: String)?
        var console: (method: String, path: String, form: [(String, String)])?
        var prepare: Fixture = .none
    }

    enum Fixture: Sendable { case none, link, webhook, key }

    static let cases: [Case] = [
        Case(operation: .listShortLinks, api: ("GET", "/v1/short-links", ""), console: ("GET", "/console/links", [])),
        Case(operation: .getShortLink, api: ("GET", "/v1/short-links/{code}", ""), console: ("GET", "/console/links/{code}", []), prepare: .link),
        Case(operation: .createShortLink, api: ("POST", "/v1/short-links", #"{"link":"fuelmoney://settings"}"#),
             console: ("POST", "/console/links", [("link", "fuelmoney://settings")])),
        Case(operation: .updateShortLink, api: ("PATCH", "/v1/short-links/{code}", #"{"title":"changed"}"#),
             console: ("POST", "/console/links/{code}/edit", [("link", "fuelmoney://settings"), ("shown", "fuelmoney://settings"),
                                                                ("title", "changed"), ("tags", ""), ("revision", "1")]), prepare: .link),
        Case(operation: .deleteShortLink, api: ("DELETE", "/v1/short-links/{code}", ""),
             console: ("POST", "/console/links/{code}/delete", [("confirm", "yes")]), prepare: .link),
        Case(operation: .importShortLinks, api: ("POST", "/v1/short-links/import", "link\nfuelmoney://settings\n"),
             console: ("POST", "/console/import-links", [("csv", "link\nfuelmoney://settings\n")])),
        Case(operation: .listWebhooks, api: ("GET", "/v1/webhooks", ""), console: ("GET", "/console/webhooks", [])),
        Case(operation: .getWebhook, api: ("GET", "/v1/webhooks/{id}", ""), prepare: .webhook),
        Case(operation: .createWebhook, api: ("POST", "/v1/webhooks", #"{"url":"http://127.0.0.1:9/h","events":["short_link.created"]}"#),
             console: ("POST", "/console/webhooks", [("url", "http://127.0.0.1:9/h"), ("events", "short_link.created")])),
        Case(operation: .updateWebhook, api: ("PATCH", "/v1/webhooks/{id}", #"{"description":"changed"}"#),
             console: ("POST", "/console/webhooks/{id}/edit", [("url", "http://127.0.0.1:9/changed"), ("events", "short_link.created")]),
             prepare: .webhook),
        Case(operation: .rotateWebhookSecret, api: ("POST", "/v1/webhooks/{id}/rotate-secret", "{}"),
             console: ("POST", "/console/webhooks/{id}/rotate", []), prepare: .webhook),
        Case(operation: .testWebhook, api: ("POST", "/v1/webhooks/{id}/test", "{}"),
             console: ("POST", "/console/webhooks/{id}/test", []), prepare: .webhook),
        Case(operation: .replayWebhookDelivery, api: ("POST", "/v1/webhooks/{id}/deliveries/msg_none/replay", "{}"),
             console: ("POST", "/console/webhooks/{id}/deliveries/msg_none/replay", []), prepare: .webhook),
        Case(operation: .deleteWebhook, api: ("DELETE", "/v1/webhooks/{id}", ""),
             console: ("POST", "/console/webhooks/{id}/delete", [("confirm", "yes")]), prepare: .webhook),
        Case(operation: .listWebhookDeliveries, api: ("GET", "/v1/webhooks/{id}/deliveries", ""),
             console: ("GET", "/console/webhooks/{id}", []), prepare: .webhook),
        Case(operation: .listKeys, api: ("GET", "/v1/keys", "")),
        Case(operation: .createKey, api: ("POST", "/v1/keys", #"{"name":"made","scopes":["links:read"]}"#),
             console: ("POST", "/console/system/keys", [("name", "made"), ("scopes", "links:read")])),
        Case(operation: .revokeKey, api: ("DELETE", "/v1/keys/{key}", ""), console: ("POST", "/console/system/keys/{key}/revoke", []),
             prepare: .key),
        Case(operation: .analyticsTimeseries, api: ("GET", "/v1/analytics/timeseries", ""), console: ("GET", "/console/analytics", [])),
        Case(operation: .analyticsBreakdown, api: ("GET", "/v1/analytics/breakdown?dimension=country", ""),
             console: ("GET", "/console/analytics/breakdown.csv?dimension=country", [])),
        Case(operation: .analyticsUniques, api: ("GET", "/v1/analytics/uniques", "")),
        Case(operation: .analyticsExport, api: ("GET", "/v1/analytics/export", "")),
        Case(operation: .analyticsPurge, api: ("DELETE", "/v1/analytics?scope=link:{code}", ""), prepare: .link),
        Case(operation: .analyticsPrivacy, api: ("GET", "/v1/analytics/privacy", ""), console: ("GET", "/console/system/privacy", [])),
        Case(operation: .readAudit, api: ("GET", "/v1/audit", "")),
        Case(operation: .listClaims, console: ("GET", "/console/claims", [])),
        Case(operation: .listRoutes, console: ("GET", "/console/routes", [])),
        Case(operation: .tryLink, console: ("GET", "/console/routes?url=fuelmoney%3A%2F%2Fsettings", [])),
    ]

    /// The scope sets tried: each scope alone, `console` with each other scope; nil is the admin token.
    static var scopeSets: [[APIKeyScope]?] {
        APIKeyScope.allCases.map { [$0] } + APIKeyScope.allCases.filter { $0 != .console }.map { [.console, $0] } + [nil]
    }

    @Test func everyOperationIsCoveredOnce() {
        #expect(Set(Self.cases.map(\.operation)) == Set(AdminOperation.allCases))
        #expect(Self.cases.count == AdminOperation.allCases.count)
    }

    @Test func theAPIAndTheConsoleAllowAndDenyTheSameAsThePermissionTable() async throws {
        try await Console.withConsole({
            $0.webhooks.allowPrivate = true
            $0.rateLimits.policies = [:]
            $0.rateLimits.instancePolicies = [:]
        }) { client, _ in
            var serial = 0
            for scopes in Self.scopeSets {
                serial += 1
                let identity: OperatorIdentity
                let token: String
                if let scopes {
                    let made = try await APIKeyEndpointsTests.makeKey(client, name: "set\(serial)", scopes: scopes.map(\.rawValue))
                    identity = .key(id: made.id, name: "set\(serial)", scopes: scopes)
                    token = made.text
                } else {
                    identity = .adminToken
                    token = Console.token
                }
                let label = scopes.map { $0.map(\.rawValue).joined(separator: "+") } ?? "admin token"
                // A console session only for a set that holds `console` (or the admin token).
                var session: (cookie: [String: String], csrf: String)?
                if identity.holds(.console) {
                    let signedIn = try await Console.signIn(client, token: token)
                    let id = try #require(signedIn.id, "\(label) signs in")
                    let cookie = Console.cookie(id)
                    let overview = try await client.send("GET", "/console/overview", headers: cookie)
                    session = (cookie, try Console.formToken(overview))
                } else {
                    #expect(try await Console.signIn(client, token: token).id == nil, "\(label) may not sign in to the console")
                }
                for item in Self.cases {
                    let expected = identity.may(item.operation)
                    if let api = item.api {
                        let values = try await prepare(item.prepare, client, serial: &serial)
                        let answer = try await client.send(api.method, fill(api.path, values), headers: [
                            "Authorization": "Bearer \(token)", "Content-Type": api.path.hasSuffix("/import") ? "text/csv" : "application/json",
                        ], body: Array(fill(api.body, values).utf8))
                        let allowed = answer.status != 401 && answer.status != 403
                        #expect(allowed == expected, "API \(item.operation.rawValue) for \(label): \(answer.status) \(answer.text.prefix(160))")
                    }
                    guard let session, let console = item.console else { continue }
                    let values = try await prepare(item.prepare, client, serial: &serial)
                    let before = try await snapshot(client)
                    let path = fill(console.path, values)
                    let answer: LoopbackClient.Response
                    if console.method == "GET" {
                        answer = try await client.send("GET", path, headers: session.cookie)
                    } else {
                        let fields = console.form.map { ($0.0, fill($0.1, values)) } + [("csrf", session.csrf)]
                        answer = try await client.send("POST", path, headers: Console.sameOrigin.merging(session.cookie) { a, _ in a },
                                                       body: Console.form(fields))
                    }
                    let allowed = answer.status != 403
                    #expect(allowed == expected, "console \(item.operation.rawValue) for \(label): \(answer.status) \(answer.text.prefix(160))")
                    if !allowed, console.method == "POST" {
                        #expect(try await snapshot(client) == before, "a denied console post of \(item.operation.rawValue) changed nothing")
                        #expect(answer.headers["content-type"] == "application/problem+json", "the API's own problem")
                        let type = ShortLinkEndpointsTests.problemType(answer)
                        #expect(type == (identity == .adminToken ? nil : item.operation.permission == .adminToken ? "admin-token-required" : "missing-scope"))
                    }
                }
            }
        }
    }

    /// What an attempt needs, made with the admin token: a link's code, a webhook's id or a key's id.
    private func prepare(_ fixture: Fixture, _ client: LoopbackClient, serial: inout Int) async throws -> [String: String] {
        serial += 1
        switch fixture {
        case .none:
            return [:]
        case .link:
            let code = "perm\(serial)"
            let made = try await ShortLinkEndpointsTests.create(client, #"{"link":"fuelmoney://settings","alias":"\#(code)"}"#)
            #expect(made.status == 201, "\(made.text)")
            return ["code": code]
        case .webhook:
            let made = try await client.send("POST", "/v1/webhooks", headers: Console.admin.merging(["Content-Type": "application/json"]) { a, _ in a },
                                             body: Array(#"{"url":"http://127.0.0.1:9/h","events":["short_link.created"]}"#.utf8))
            #expect(made.status == 201, "\(made.text)")
            return ["id": try #require(try JSONParser.parse(made.body)["id"]?.stringValue)]
        case .key:
            return ["key": try await APIKeyEndpointsTests.makeKey(client, name: "victim\(serial)", scopes: ["links:read"]).id]
        }
    }

    private func fill(_ text: String, _ values: [String: String]) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }

    /// The store as the admin token lists it: links, webhook endpoints and keys.
    private func snapshot(_ client: LoopbackClient) async throws -> [String] {
        var texts: [String] = []
        for path in ["/v1/short-links?limit=500", "/v1/webhooks?limit=500", "/v1/keys"] {
            texts.append(try await client.send("GET", path, headers: Console.admin).text)
        }
        return texts
    }
}
