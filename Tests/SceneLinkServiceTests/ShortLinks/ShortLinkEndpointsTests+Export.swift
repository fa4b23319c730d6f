import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService

/// `GET /v1/short-links/export`: every link as CSV or JSON, and the CSV imports back to the same links.
extension ShortLinkEndpointsTests {
    @Test(arguments: Store.all)
    func anExportImportsBackToTheSameLinks(store: Store) async throws {
        var exported: [UInt8] = []
        try await Self.withService(store: store) { client, _ in
            for body in [
                #"{"link": "fuelmoney://settings/account", "alias": "acct", "title": "=HYPERLINK(\"x\")", "tags": ["spring", "email"]}"#,
                #"{"link": "https://fuelmoney.example.com/settings?utm_source=paper", "alias": "Card", "expiresAt": "2030-01-01T00:00:00Z", "preview": {"title": "Spring, \"sale\"", "image": "https://cdn.example.org/s.png"}, "fallbacks": {"ipad": "https://example.org/ipad"}, "skipPage": true, "campaign": {"utm_medium": "print", "ct": "spring"}}"#,
                #"{"link": "fuelmoney://explain"}"#,
            ] {
                #expect(try await Self.create(client, body).status == 201)
            }
            let response = try await client.send("GET", "/v1/short-links/export", headers: Self.admin)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "text/csv; charset=utf-8; header=present")
            #expect(response.headers["transfer-encoding"] == "chunked")
            let csv = try AnalyticsEndpointsTests.dechunk(response.body)
            #expect(csv.hasPrefix(LinkImportColumn.exportHeaders.joined(separator: ",") + "\r\n"))
            #expect(csv.contains("acct,https://fuelmoney.example.com/s/acct,fuelmoney://settings/account,\"'=HYPERLINK(\"\"x\"\")\",email spring,"))
            #expect(csv.components(separatedBy: "\r\n").count == 5)
            exported = Array(csv.utf8)
            let json = try await client.send("GET", "/v1/short-links/export?format=json&tag=spring", headers: Self.admin)
            let links = try JSONParser.parse(try AnalyticsEndpointsTests.dechunk(json.body))["shortLinks"]?.arrayValue ?? []
            #expect(links.compactMap { $0["code"]?.stringValue } == ["acct"])
            #expect(try await client.send("GET", "/v1/short-links/export?limit=5", headers: Self.admin).status == 400)
            #expect(try await client.send("GET", "/v1/short-links/export").status == 401)
        }
        try await Self.withService(store: store) { client, _ in
            let imported = try await Self.importCSV(client, exported)
            #expect(try Self.document(imported)["created"] as? Int == 3, "\(imported.text)")
            let again = try await client.send("GET", "/v1/short-links/export", headers: Self.admin)
            #expect(try AnalyticsEndpointsTests.dechunk(again.body) == String(decoding: exported, as: UTF8.self))
            let card = try JSONParser.parse(try await client.send("GET", "/v1/short-links/Card", headers: Self.admin).body)
            #expect(card["skipPage"] == .bool(true))
            #expect(card["campaign"]?["ct"] == .string("spring"))
        }
    }
}
