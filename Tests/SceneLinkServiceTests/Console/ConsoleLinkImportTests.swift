import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkService

/// Importing short links from a CSV pasted into the console's Links page, through the import
/// API's own handler (its row checks, its audit entries), over a real socket.
@Suite struct ConsoleLinkImportTests {
    typealias Console = ConsoleEndpointsTests

    static func importCSV(_ client: LoopbackClient, _ session: (cookie: [String: String], post: [String: String], csrf: String),
                          _ csv: String, atomic: Bool = false) async throws -> LoopbackClient.Response {
        var fields = [("csrf", session.csrf), ("csv", csv)]
        if atomic { fields.append(("atomic", "yes")) }
        return try await client.send("POST", "/console/import-links", headers: session.post, body: Console.form(fields))
    }

    @Test func eachRowIsMadeOrRefusedWithTheAPIsSentenceAndTheMadeOnesAreAudited() async throws {
        try await Console.withConsole { client, _ in
            let s = try await ConsoleLinksTests.session(client)
            let list = try await client.send("GET", "/console/links", headers: s.cookie)
            #expect(list.text.contains("<form method=\"post\" action=\"/console/import-links\">"))
            #expect(list.text.contains("<label for=\"import-csv\">"))

            let csv = "link,alias,tags\nfuelmoney://settings/account,imp1,spring\nftp://example.com/<b>,imp2,\nfuelmoney://settings/account,,\n"
            let imported = try await Self.importCSV(client, s, csv)
            #expect(imported.status == 200, "\(imported.text)")
            Console.expectConsoleHeaders(imported, "the import's report")
            #expect(imported.text.contains("Made: 2 · No screen: 1."))
            #expect(imported.text.contains("<th scope=\"row\">2</th><td>created</td><td><a href=\"/console/links/imp1\">"))
            #expect(imported.text.contains("<th scope=\"row\">3</th><td>no-route</td><td>"))
            #expect(!imported.text.contains("<b>"), "a row's text comes back escaped")

            let shown = try await client.send("GET", "/v1/short-links/imp1", headers: Console.admin)
            #expect(shown.status == 200)
            #expect(try JSONParser.parse(shown.body)["tags"]?.arrayValue?.compactMap(\.stringValue) == ["spring"])
            #expect(try await client.send("GET", "/v1/short-links/imp2", headers: Console.admin).status == 404)
            let log = try await client.send("GET", "/v1/audit?subject=link%3Aimp1", headers: Console.admin)
            #expect(log.text.contains("\"actor\":\"console:"), "\(log.text)")
            #expect(log.text.contains("\"action\":\"short_link.created\""))
        }
    }

    @Test func allOrNothingStoresNoRowWhenOneIsRefused() async throws {
        try await Console.withConsole { client, _ in
            let s = try await ConsoleLinksTests.session(client)
            let imported = try await Self.importCSV(client, s, "link,alias\nfuelmoney://settings/account,whole1\nnot a link,whole2\n", atomic: true)
            #expect(imported.status == 422)
            #expect(imported.text.contains("Nothing was stored: 1 row was refused, and the import was all or nothing."))
            #expect(imported.text.contains("<td>valid, not stored</td>"))
            #expect(try await client.send("GET", "/v1/short-links/whole1", headers: Console.admin).status == 404)
        }
    }

    @Test func aCSVRefusedWholeComesBackInTheFormWithTheSentence() async throws {
        try await Console.withConsole { client, _ in
            let s = try await ConsoleLinksTests.session(client)
            let unknownColumn = try await Self.importCSV(client, s, "link,colour\nfuelmoney://settings/account,<i>red</i>\n")
            #expect(unknownColumn.status == 400)
            #expect(unknownColumn.text.contains("There is a problem"))
            #expect(unknownColumn.text.contains("colour"))
            #expect(unknownColumn.text.contains("&lt;i&gt;red&lt;/i&gt;\n</textarea>"), "the CSV is kept, escaped")
            #expect(unknownColumn.text.contains("aria-invalid=\"true\" aria-describedby=\"import-csv-error\""))
            #expect(unknownColumn.text.contains(##"<a href="#import-csv">"##), "the error summary links to the CSV field")

            let empty = try await Self.importCSV(client, s, "  \n")
            #expect(empty.status == 400)
            #expect(empty.text.contains("Paste a CSV whose first line names its columns"))

            // A form past the route's limit is refused from its declared length, before it is read.
            let tooLarge = try await Self.importCSV(client, s, "link\n" + String(repeating: "a", count: ConsoleEndpoints.maximumImportFormBytes))
            #expect(tooLarge.status == 413)

            let forged = try await client.send("POST", "/console/import-links", headers: s.post,
                                               body: Console.form([("csv", "link\nfuelmoney://settings/account\n")]))
            #expect(forged.status == 403)
            let listed = try JSONParser.parse(try await client.send("GET", "/v1/short-links", headers: Console.admin).body)
            #expect(listed["shortLinks"]?.arrayValue?.isEmpty == true, "nothing was made by any of these")
        }
    }
}
