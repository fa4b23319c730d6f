import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService

/// `POST /v1/short-links/import`: CSV in, one report line per row out.
extension ShortLinkEndpointsTests {
    static func importCSV(_ client: LoopbackClient, _ csv: [UInt8], query: String = "",
                          contentType: String = "text/csv; charset=utf-8") async throws -> LoopbackClient.Response {
        try await client.send("POST", "/v1/short-links/import\(query)", headers: admin.merging(["Content-Type": contentType]) { a, _ in a },
                              body: csv)
    }

    static func reportRows(_ response: LoopbackClient.Response) throws -> [[String: Any]] {
        try #require(try document(response)["rows"] as? [[String: Any]])
    }

    @Test(arguments: Store.all)
    func anImportCreatesEveryGoodRowAndRefusesTheOthersOneByOne(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            #expect(try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "taken"}"#).status == 201)
            // A spreadsheet's file: a byte-order mark, CRLF, columns in its own order, quoted cells
            // with commas, quotes and a line break, and cells that look like formulas.
            let csv = "\u{FEFF}title,link,alias,tags,expiresAt\r\n"
                + "\"Sale, \"\"50%\"\"\",fuelmoney://explain,sale,sale;email spring,2030-01-01T00:00:00Z\r\n"
                + "\"two\r\nlines\",fuelmoney://information,,,\r\n"
                + "\"=HYPERLINK(\"\"x\"\")\",fuelmoney://explain,formula,,\r\n"
                + ",fuelmoney://settings/acount,,,\r\n"
                + ",fuelmoney://information,taken,,\r\n"
                + ",fuelmoney://information,sale,,\r\n"
                + ",fuelmoney://explain,a b,,\r\n"
                + ",fuelmoney://explain,,Sale,\r\n"
                + ",fuelmoney://explain,,,2020-01-01T00:00:00Z\r\n"
                + ",,,,\r\n"
                + "only,two\r\n"
            let response = try await Self.importCSV(client, Array(csv.utf8))
            #expect(response.status == 200)
            let doc = try Self.document(response)
            #expect(doc["created"] as? Int == 3)
            #expect(doc["refused"] as? Int == 8)
            let rows = try Self.reportRows(response)
            #expect(rows.compactMap { $0["row"] as? Int } == Array(2...12))
            #expect(rows.compactMap { $0["status"] as? String }
                == ["created", "created", "created", "no-route", "conflict", "conflict", "invalid", "invalid", "invalid", "invalid", "invalid"])
            #expect(rows.dropFirst(6).compactMap { $0["column"] as? String } == ["code", "tags", "expiresAt", "link", "row"])
            #expect(rows[4]["existing"] as? String == "fuelmoney://explain")
            #expect(doc["conflict"] as? Int == 2)
            #expect(doc["noRoute"] as? Int == 1)
            #expect(doc["invalid"] as? Int == 5)
            #expect(rows[0]["code"] as? String == "sale")
            #expect(rows[0]["shortLink"] as? String == "https://fuelmoney.example.com/s/sale")
            #expect((rows[1]["code"] as? String)?.utf8.count == 12)
            #expect(rows[1]["code"] as? String == ShortCode.derived(fingerprint: "fuelmoney://information\ntwo\r\nlines\n\n\n").rawValue)
            let problems = rows.dropFirst(3).map { ($0["problem"] as? [String: Any])?["type"] as? String }
                .map { $0?.replacingOccurrences(of: "https://scenelink.dev/problems/", with: "") }
            #expect(problems == ["no-route", "short-link-exists", "short-link-exists", "invalid-alias", "invalid-tag", "expiry-in-past",
                                 "invalid-short-link", "invalid-short-link"])
            let repeated = try #require(rows[5]["problem"] as? [String: Any])
            #expect((repeated["detail"] as? String)?.hasPrefix("Row 2 already uses the alias 'sale'") == true)

            let sale = try Self.document(try await client.send("GET", "/v1/short-links/sale", headers: Self.admin))
            #expect(sale["title"] as? String == "Sale, \"50%\"")
            #expect(sale["tags"] as? [String] == ["email", "sale", "spring"])
            #expect(sale["expiresAt"] as? String == "2030-01-01T00:00:00Z")
            let formula = try Self.document(try await client.send("GET", "/v1/short-links/formula", headers: Self.admin))
            #expect(formula["title"] as? String == "=HYPERLINK(\"x\")")
            let code = try #require(rows[1]["code"] as? String)
            let twoLines = try Self.document(try await client.send("GET", "/v1/short-links/\(code)", headers: Self.admin))
            #expect(twoLines["title"] as? String == "two\r\nlines")
            #expect(try await Self.listedCodes(client, "tag=spring") == ["sale"])
        }
    }

    @Test(arguments: Store.all)
    func anAtomicImportCreatesAllRowsOrNone(store: Store) async throws {
        try await Self.withService(store: store) { client, _ in
            #expect(try await Self.create(client, #"{"link": "fuelmoney://explain", "alias": "taken"}"#).status == 201)
            let refused = try await Self.importCSV(client, Array("link,alias\nfuelmoney://explain,first\nfuelmoney://information,taken\n".utf8),
                                                   query: "?atomic=true")
            #expect(refused.status == 422)
            #expect(try Self.document(refused)["created"] as? Int == 0)
            #expect(try Self.document(refused)["refused"] as? Int == 1)
            #expect(try Self.reportRows(refused).compactMap { $0["status"] as? String } == ["valid", "conflict"])
            let invalid = try await Self.importCSV(client, Array("link,alias\nfuelmoney://explain,second\nother://x,\n".utf8),
                                                   query: "?atomic=true")
            #expect(invalid.status == 422)
            #expect(try Self.reportRows(invalid).compactMap { $0["status"] as? String } == ["valid", "no-route"])
            #expect(try await Self.listedCodes(client, "") == ["taken"])

            let clean = try await Self.importCSV(client, Array("link,alias\nfuelmoney://explain,first\nfuelmoney://explain,second\n".utf8),
                                                 query: "?atomic=true")
            #expect(clean.status == 200)
            #expect(try Self.document(clean)["created"] as? Int == 2)
            #expect(try await Self.listedCodes(client, "") == ["taken", "first", "second"])
            // The same file again, with a row already there: nothing is made twice.
            let again = try await Self.importCSV(client, Array("link,alias\nfuelmoney://explain,first\nfuelmoney://explain,third\n".utf8),
                                                 query: "?atomic=true")
            #expect(again.status == 200)
            #expect(try Self.reportRows(again).compactMap { $0["status"] as? String } == ["unchanged", "created"])
        }
    }

    @Test func aFileThatCannotBeReadIsRefusedAsAWhole() async throws {
        try await Self.withService { client, _ in
            let json = try await Self.importCSV(client, Array("link\nfuelmoney://explain\n".utf8), contentType: "application/json")
            #expect(json.status == 415)
            #expect(Self.problemType(json) == "unsupported-media-type")
            let broken = try await Self.importCSV(client, Array("link,alias\nfuelmoney://explain,a\"b\n".utf8))
            #expect(broken.status == 400)
            #expect(Self.problemType(broken) == "invalid-csv")
            #expect((try Self.document(broken)["detail"] as? String)?.hasPrefix("Row 2, column 2: a quote inside a field") == true)
            let header = try await Self.importCSV(client, Array("link,slug\nx,y\n".utf8))
            #expect(header.status == 400)
            #expect((try Self.document(header)["detail"] as? String)?
                .hasPrefix("The header row names the column 'slug', which is not one of link,alias,expiresAt,tags,title,code,url,") == true)
            let format = try await Self.importCSV(client, Array("link\nfuelmoney://explain\n".utf8), query: "?format=tinyurl")
            #expect(format.status == 400)
            #expect(Self.problemType(format) == "invalid-query")
            #expect(try await Self.importCSV(client, []).status == 400)
            let atomic = try await Self.importCSV(client, Array("link\nfuelmoney://explain\n".utf8), query: "?atomic=yes")
            #expect(atomic.status == 400)
            #expect(Self.problemType(atomic) == "invalid-query")
            #expect(try await client.send("POST", "/v1/short-links/import", headers: ["Content-Type": "text/csv"],
                                          body: Array("link\n".utf8)).status == 401)
            #expect(try await Self.listedCodes(client, "") == [])
        }
    }

    @Test func moreRowsThanTheLimitOrALargerBodyIs413() async throws {
        try await Self.withService { client, _ in
            let rows = "link\n" + String(repeating: "fuelmoney://explain\n", count: ShortLinkImportTable.maximumRows + 1)
            let many = try await Self.importCSV(client, Array(rows.utf8))
            #expect(many.status == 413)
            #expect(Self.problemType(many) == "too-many-rows")
            #expect(try Self.document(many)["detail"] as? String
                == "The CSV has more than 10000 rows after the header; split it into imports of at most 10000 rows.")
            let large = try await Self.importCSV(client, Array(repeating: UInt8(ascii: "a"), count: ShortLinkEndpoints.maximumImportBodyBytes + 1))
            #expect(large.status == 413)
            #expect((try Self.document(large)["detail"] as? String)?.contains("larger than the 1048576 bytes this endpoint accepts") == true)
            #expect(try await Self.listedCodes(client, "") == [])
        }
    }

    @Test func tenThousandRowsAreImportedInOneRequest() async throws {
        try await Self.withService { client, _ in
            let rows = "link,tags,title\n" + (1...ShortLinkImportTable.maximumRows).map { "fuelmoney://explain,bulk,n\($0)\n" }.joined()
            let response = try await Self.importCSV(client, Array(rows.utf8))
            #expect(response.status == 200)
            #expect(try Self.document(response)["created"] as? Int == ShortLinkImportTable.maximumRows)
            #expect(try await Self.listedCodes(client, "tag=bulk&limit=500").count == 500)
        }
    }

    @Test func aFirebaseExportWithCodesUnderAPrefixNamesThePrefixAndTheHost() async throws {
        try await Self.withService { client, _ in
            let csv = Array("Short link,Deep link (link)\nhttps://promo.example.com/promo/Ab3x,fuelmoney://explain\n".utf8)
            let without = try await Self.importCSV(client, csv, query: "?format=firebase")
            #expect(try Self.reportRows(without).first?["column"] as? String == "shortLink")
            let otherHost = try await Self.importCSV(client, csv, query: "?format=firebase&prefix=/promo/&host=links.example.com")
            #expect(try Self.reportRows(otherHost).first?["status"] as? String == "invalid")
            let with = try await Self.importCSV(client, csv, query: "?format=firebase&prefix=/promo/&host=promo.example.com")
            #expect(try Self.reportRows(with).first?["code"] as? String == "Ab3x")
            #expect(try Self.document(with)["created"] as? Int == 1)
            #expect(try await Self.importCSV(client, csv, query: "?format=firebase&prefix=promo").status == 400)
        }
    }
}
