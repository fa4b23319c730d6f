import Foundation
import SceneLinkConsole
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText
import Testing
@testable import SceneLinkService

/// The Links page's export and batch actions over a real socket: the CSV of the links its filter
/// keeps (the API's export, byte for byte), a tag added to every link the filter keeps, a
/// deletion asked on a page that counts the links and done only after it, each with its banner
/// and its one audit entry, and a batch without a filter refused.
@Suite struct ConsoleLinkBatchTests {
    typealias Console = ConsoleEndpointsTests
    typealias Links = ConsoleLinksTests

    /// Makes `a` and `b` tagged spring, `c` untagged.
    static func makeLinks(_ client: LoopbackClient) async throws {
        for (code, tags) in [("a", #","tags":["spring"]"#), ("b", #","tags":["spring","email"]"#), ("c", "")] {
            let body = #"{"link":"fuelmoney://settings","alias":"\#(code)"\#(tags)}"#
            #expect(try await Links.create(client, body).status == 201)
        }
    }

    @Test func theCSVExportIsTheAPIsExportOfTheSameFilter() async throws {
        try await Console.withConsole { client, _ in
            try await Self.makeLinks(client)
            let s = try await Links.session(client)
            let list = try await client.send("GET", "/console/links?tag=spring", headers: s.cookie)
            #expect(list.text.contains("href=\"/console/links/export.csv?tag=spring\""))
            for query in ["", "?tag=spring", "?q=b"] {
                let console = try await client.send("GET", "/console/links/export.csv" + query, headers: s.cookie)
                let api = try await client.send("GET", "/v1/short-links/export" + query, headers: Console.admin)
                #expect(console.status == 200 && api.status == 200)
                #expect(console.body == api.body, "the same bytes for \(query)")
                #expect(console.headers["content-type"] == api.headers["content-type"])
                #expect(console.headers["content-disposition"] == "attachment; filename=\"scenelink-short-links.csv\"")
                #expect(console.headers["content-security-policy"] == Console.csp)
            }
            let wrong = try await client.send("GET", "/console/links/export.csv?tag=%3Cb%3E", headers: s.cookie)
            #expect(wrong.status == 400)
            #expect(!wrong.text.contains("<b>"))
            let signedOut = try await client.send("GET", "/console/links/export.csv")
            #expect(signedOut.status == 303, "the export needs a session")
        }
    }

    @Test func aBatchAddsATagToEveryLinkTheFilterKeepsWithABannerAndOneAuditEntry() async throws {
        try await Console.withConsole { client, _ in
            try await Self.makeLinks(client)
            let s = try await Links.session(client)
            let list = try await client.send("GET", "/console/links?tag=spring", headers: s.cookie)
            #expect(list.text.contains("<form method=\"post\" action=\"/console/links-batch\">"))
            #expect(list.text.contains("<label for=\"batch-action\">"))
            let changed = try await client.send("POST", "/console/links-batch", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("tag", "spring"), ("action", "add-tag"), ("batchTag", "sale"), ("expiresAt", ""),
            ]))
            #expect(changed.status == 303)
            let location = try #require(changed.headers["location"])
            #expect(location == "/console/links?tag=spring&done=links-changed&subject=2")
            let landed = try await client.send("GET", location, headers: s.cookie)
            #expect(landed.text.contains("<p class=\"banner-message\">2 links changed</p>"))
            let b = try JSONParser.parse(try await client.send("GET", "/v1/short-links/b", headers: Console.admin).body)
            #expect(b["tags"] == .array([.string("email"), .string("sale"), .string("spring")]))
            let c = try JSONParser.parse(try await client.send("GET", "/v1/short-links/c", headers: Console.admin).body)
            #expect(c["tags"] == .array([]))
            let log = try await client.send("GET", "/v1/audit?action=short_links.changed", headers: Console.admin)
            #expect(log.text.contains(#""filter":"tag=spring""#))
            #expect(log.text.contains(#""addTags":"sale""#))
            #expect(log.text.contains("\"actor\":\"console:"))

            let noTag = try await client.send("POST", "/console/links-batch", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("tag", "spring"), ("action", "remove-tag"), ("batchTag", ""),
            ]))
            #expect(noTag.status == 400)
            #expect(noTag.text.contains("<a href=\"#batch-tag\">"))
            let past = try await client.send("POST", "/console/links-batch", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("tag", "spring"), ("action", "expiry"), ("expiresAt", "2001-01-01T00:00"),
            ]))
            #expect(past.status == 422)
            #expect(past.text.contains("<a href=\"#batch-expiry\">"))
            #expect(past.text.contains("aria-describedby=\"batch-expiry-error\""))
        }
    }

    @Test func aBatchWithoutAFilterIsRefusedAndChangesNothing() async throws {
        try await Console.withConsole { client, _ in
            try await Self.makeLinks(client)
            let s = try await Links.session(client)
            let all = try await client.send("GET", "/console/links", headers: s.cookie)
            #expect(!all.text.contains("action=\"/console/links-batch\""), "no batch form without a filter")
            let refused = try await client.send("POST", "/console/links-batch", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("action", "add-tag"), ("batchTag", "sale"),
            ]))
            #expect(refused.status == 400)
            #expect(refused.text.contains("<a href=\"#batch\">"))
            #expect(refused.text.contains("a batch never acts on every link"))
            let deleteAsked = try await client.send("GET", "/console/links-batch/delete", headers: s.cookie)
            #expect(deleteAsked.status == 400)
            let deleted = try await client.send("POST", "/console/links-batch/delete", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("confirm", "yes"),
            ]))
            #expect(deleted.status == 400)
            let listed = try JSONParser.parse(try await client.send("GET", "/v1/short-links", headers: Console.admin).body)
            #expect(listed["shortLinks"]?.arrayValue?.count == 3)
            let c = try JSONParser.parse(try await client.send("GET", "/v1/short-links/c", headers: Console.admin).body)
            #expect(c["tags"] == .array([]))
            let log = try await client.send("GET", "/v1/audit?action=short_links.changed", headers: Console.admin)
            #expect(!log.text.contains("short_links.changed"))
        }
    }

    @Test func aDeletionIsAskedWithTheCountThenDoneWithABannerAndOneAuditEntry() async throws {
        try await Console.withConsole { client, _ in
            try await Self.makeLinks(client)
            let s = try await Links.session(client)
            let list = try await client.send("GET", "/console/links?tag=spring", headers: s.cookie)
            #expect(list.text.contains("<form method=\"get\" action=\"/console/links-batch/delete\">"))
            let asked = try await client.send("GET", "/console/links-batch/delete?tag=spring", headers: s.cookie)
            #expect(asked.status == 200)
            #expect(asked.text.contains("Delete 2 links tagged spring?"))
            #expect(asked.text.contains("<button type=\"submit\">Delete 2 links</button>"))
            #expect(asked.text.contains("<a href=\"/console/links/a\">a</a>"))
            Console.expectConsoleHeaders(asked, "the confirmation")
            #expect(try await client.send("GET", "/v1/short-links/a", headers: Console.admin).status == 200, "asking deletes nothing")

            let unconfirmed = try await client.send("POST", "/console/links-batch/delete", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("tag", "spring"),
            ]))
            #expect(unconfirmed.status == 400)
            let deleted = try await client.send("POST", "/console/links-batch/delete", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("tag", "spring"), ("confirm", "yes"),
            ]))
            #expect(deleted.status == 303)
            let location = try #require(deleted.headers["location"])
            #expect(location == "/console/links?tag=spring&done=links-deleted&subject=2")
            let landed = try await client.send("GET", location, headers: s.cookie)
            #expect(landed.text.contains("<p class=\"banner-message\">2 links deleted</p>"))
            #expect(try await client.send("GET", "/v1/short-links/a", headers: Console.admin).status == 404)
            #expect(try await client.send("GET", "/v1/short-links/c", headers: Console.admin).status == 200)
            let log = try await client.send("GET", "/v1/audit?action=short_links.deleted", headers: Console.admin)
            #expect(log.text.contains(#""filter":"tag=spring""#))
            #expect(log.text.contains(#""deleted":"2""#))
            #expect(log.text.contains("\"actor\":\"console:"))

            let none = try await client.send("GET", "/console/links-batch/delete?tag=spring", headers: s.cookie)
            #expect(none.text.contains("No link is tagged spring: nothing to delete."))
            #expect(!none.text.contains("action=\"/console/links-batch/delete\""))
            let withoutToken = try await client.send("POST", "/console/links-batch/delete", headers: s.post, body: Console.form([
                ("tag", "q"), ("confirm", "yes"),
            ]))
            #expect(withoutToken.status == 403)
        }
    }
}
