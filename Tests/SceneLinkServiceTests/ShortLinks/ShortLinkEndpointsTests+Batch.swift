import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService

/// `PATCH` and `DELETE /v1/short-links?tag=…&q=…`: one change to every link a filter keeps.
extension ShortLinkEndpointsTests {
    static func batch(_ client: LoopbackClient, _ method: String, _ query: String, _ body: String = "") async throws -> LoopbackClient.Response {
        try await client.send(method, "/v1/short-links?" + query, headers: admin.merging(["Content-Type": "application/json"]) { a, _ in a },
                              body: Array(body.utf8))
    }

    @Test(arguments: Store.all)
    func aBatchChangesOrDeletesEveryLinkTheFilterKeepsWithOneAuditEntry(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            for (code, tags) in [("a", #"["spring"]"#), ("b", #"["spring", "email"]"#), ("c", #"["autumn"]"#)] {
                _ = try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "\#(code)", "tags": \#(tags)}"#)
            }
            let changed = try await Self.batch(client, "PATCH", "tag=spring",
                                               #"{"addTags": ["sale"], "removeTags": ["spring"], "expiresAt": "2031-01-01T00:00:00Z"}"#)
            #expect(changed.status == 200)
            #expect(try JSONParser.parse(changed.body) == JSONParser.parse(#"{"matched":2,"changed":2,"skipped":[]}"#))
            #expect(try await Self.listedCodes(client, "tag=sale") == ["a", "b"])
            #expect(try await Self.listedCodes(client, "tag=spring") == [])
            let b = try JSONParser.parse(try await client.send("GET", "/v1/short-links/b", headers: Self.admin).body)
            #expect(b["tags"] == .array([.string("email"), .string("sale")]))
            #expect(b["expiresAt"] == .string("2031-01-01T00:00:00Z"))
            let log = try await client.send("GET", "/v1/audit?action=short_links.changed", headers: Self.admin)
            #expect(log.text.contains(#""filter":"tag=spring""#), "\(log.text)")

            #expect(try await Self.batch(client, "DELETE", "").status == 400)
            #expect(try await Self.batch(client, "PATCH", "tag=sale", "{}").status == 400)
            #expect(try await Self.batch(client, "PATCH", "tag=sale", #"{"expiresAt": "2020-01-01T00:00:00Z"}"#).status == 422)
            let deleted = try await Self.batch(client, "DELETE", "tag=sale")
            #expect(try JSONParser.parse(deleted.body) == JSONParser.parse(#"{"matched":2,"deleted":2,"skipped":[]}"#))
            #expect(try await Self.listedCodes(client, "") == ["c"])
            let all = try await Self.batch(client, "DELETE", "all=true")
            #expect(try JSONParser.parse(all.body)["deleted"] == .number("1"))
        }
    }
}
