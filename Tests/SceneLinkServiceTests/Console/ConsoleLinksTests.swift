import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText
import Testing
@testable import SceneLinkService

/// The console's Links pages over a real socket: the list with search, tag and paging, the
/// create form (a link, or a route and its parameters) with its errors in the form, a link's
/// page (where it goes per visitor, its QR code and download, its analytics), the expiry change
/// with the revision read, and deletion; every change through the short-link API's handlers.
@Suite struct ConsoleLinksTests {
    typealias Console = ConsoleEndpointsTests
    static let json = Console.admin.merging(["Content-Type": "application/json"]) { a, _ in a }
    static let file = """
    {"app": {"name": "FuelMoney", "schemes": ["fuelmoney"], "hosts": ["fuelmoney.example.com"],
             "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.fuelmoney"], "appStoreID": "42"},
             "fallback": {"web": "https://www.fuelmoney.example.com/"}},
     "routes": [
       {"name": "settings", "path": "/settings", "push": []},
       {"name": "item", "path": "/items/{id:Int}", "preview": {"title": "Item {id}", "description": "The item <{id}>"}, "push": []}
     ]}
    """

    /// Signs in; answers the cookie fields and the headers of a same-origin form POST.
    static func session(_ client: LoopbackClient) async throws -> (cookie: [String: String], post: [String: String], csrf: String) {
        let id = try #require(try await Console.signIn(client).id)
        let cookie = Console.cookie(id)
        let page = try await client.send("GET", "/console/links", headers: cookie)
        return (cookie, Console.sameOrigin.merging(cookie) { a, _ in a }, try Console.formToken(page))
    }

    static func create(_ client: LoopbackClient, _ body: String) async throws -> LoopbackClient.Response {
        try await client.send("POST", "/v1/short-links", headers: json, body: Array(body.utf8))
    }

    @Test func theListSearchesFiltersByTagAndPagesWithTheAPIsCursor() async throws {
        try await Console.withConsole { client, _ in
            for index in 0..<52 {
                let tags = index < 2 ? #","tags":["spring"]"# : ""
                let created = try await Self.create(client, #"{"link":"fuelmoney://settings","alias":"l\#(index)","title":"Link \#(index)"\#(tags)}"#)
                #expect(created.status == 201)
            }
            let s = try await Self.session(client)
            let first = try await client.send("GET", "/console/links", headers: s.cookie)
            #expect(first.status == 200)
            #expect(first.body.count < 60 * 1024)
            Console.expectConsoleHeaders(first, "the list")
            #expect(first.text.contains("<a href=\"/console/links\" aria-current=\"page\">Links</a>"))
            #expect(first.text.contains("<th scope=\"row\"><a href=\"/console/links/l0\">l0</a></th><td>Link 0</td>"))
            #expect(!first.text.contains(">l51<"), "a page holds 50 links")
            let next = try #require(first.text.range(of: "href=\"/console/links?cursor=")).upperBound
            let cursor = String(first.text[next...].prefix { $0 != "\"" })
            let second = try await client.send("GET", "/console/links?cursor=\(cursor)", headers: s.cookie)
            #expect(second.text.contains(">l51<") && !second.text.contains(">l0<"))
            #expect(second.text.contains(">First page<"))

            let tagged = try await client.send("GET", "/console/links?tag=spring", headers: s.cookie)
            #expect(tagged.text.contains(">l0<") && tagged.text.contains(">l1<") && !tagged.text.contains(">l2<"))
            let searched = try await client.send("GET", "/console/links?q=LINK%2051", headers: s.cookie)
            #expect(searched.text.contains(">l51<") && !searched.text.contains(">l5<"))
            let none = try await client.send("GET", "/console/links?q=nothing-like-this", headers: s.cookie)
            #expect(none.text.contains("No link matches."))

            let wrong = try await client.send("GET", "/console/links?cursor=abc", headers: s.cookie)
            #expect(wrong.status == 400)
            #expect(wrong.text.contains("cursor takes the nextCursor of the previous page"))
            let badTag = try await client.send("GET", "/console/links?tag=%3Cb%3E", headers: s.cookie)
            #expect(badTag.status == 400)
            #expect(!badTag.text.contains("<b>"))
        }
    }

    @Test func theCreateFormMakesALinkThroughTheAPIAndShowsItsErrorsInTheForm() async throws {
        try await Console.withConsole { client, _ in
            let s = try await Self.session(client)
            let made = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("link", "fuelmoney://settings/account"), ("alias", "spring-sale"), ("expiresAt", "2030-01-01T12:30"),
                ("title", "Spring <sale>"), ("tags", "spring promo"),
            ]))
            #expect(made.status == 303)
            #expect(made.headers["location"] == "/console/links/spring-sale?done=link-created&subject=spring-sale")
            let landed = try await client.send("GET", "/console/links/spring-sale?done=link-created&subject=spring-sale", headers: s.cookie)
            #expect(landed.text.contains("role=\"status\""))
            #expect(landed.text.contains("<p class=\"banner-message\">Link spring-sale created</p>"))
            Console.expectConsoleHeaders(made, "the redirect")
            let api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/spring-sale", headers: Console.admin).body)
            #expect(api["expiresAt"]?.stringValue == "2030-01-01T12:30:00Z")
            #expect(api["title"]?.stringValue == "Spring <sale>")
            #expect(api["tags"]?.arrayValue?.compactMap(\.stringValue) == ["promo", "spring"])
            let audit = try await client.send("GET", "/v1/audit?subject=link%3Aspring-sale", headers: Console.admin)
            #expect(audit.text.contains("\"action\":\"short_link.created\""))
            #expect(audit.text.contains("\"actor\":\"console:"))

            let list = try await client.send("GET", "/console/links", headers: s.cookie)
            #expect(list.text.contains("<td>Spring &lt;sale&gt;</td>"))
            #expect(!list.text.contains("<sale>"))

            let taken = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("link", "fuelmoney://settings"), ("alias", "spring-sale"),
            ]))
            #expect(taken.status == 409)
            #expect(taken.text.contains("<h2 class=\"error-summary-title\" id=\"error-summary-title\">There is a problem</h2>"))
            #expect(taken.text.contains("<a href=\"#create-alias\">"), "the summary links to the alias field")
            #expect(taken.text.contains("id=\"create-alias\" name=\"alias\" value=\"spring-sale\" aria-invalid=\"true\" aria-describedby=\"create-alias-error\">"))
            #expect(taken.text.contains("<title>Error: Links"))
            let unresolved = "fuelmoney://nowhere/\"><script>x</script>"
            let wrong = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("link", unresolved), ("title", "kept"),
            ]))
            #expect(wrong.status == 422)
            #expect(wrong.headers["content-type"]?.hasPrefix("text/html") == true, "the form again, not a problem document")
            #expect(!wrong.text.contains("<script>"))
            #expect(wrong.text.contains("value=\"fuelmoney://nowhere/&quot;&gt;&lt;script&gt;x&lt;/script&gt;\""))
            #expect(wrong.text.contains("value=\"kept\""))
            Console.expectConsoleHeaders(wrong, "the refused form")

            let past = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("link", "fuelmoney://settings"), ("expiresAt", "2001-01-01T00:00"),
            ]))
            #expect(past.status == 422)

            let forged = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([("link", "fuelmoney://settings")]))
            #expect(forged.status == 403)
            let crossSite = try await client.send("POST", "/console/links", headers: s.post.merging(["Sec-Fetch-Site": "cross-site"]) { _, b in b },
                                                  body: Console.form([("csrf", s.csrf), ("link", "fuelmoney://settings"), ("alias", "forged")]))
            #expect(crossSite.status == 403)
            #expect(try await client.send("GET", "/v1/short-links/forged", headers: Console.admin).status == 404)
        }
    }

    @Test func aRoutePickedFromTheTableWithItsParametersMakesTheLink() async throws {
        try await ShortLinkEndpointsTests.withRouteFile(Self.file) { path in
            try await Console.withConsole({ $0.routesPath = path }) { client, _ in
                let s = try await Self.session(client)
                let form = try await client.send("GET", "/console/links?route=item", headers: s.cookie)
                #expect(form.text.contains("<option value=\"item\" selected=\"selected\">item: /items/{id:Int}</option>"))
                #expect(form.text.contains("name=\"parameter.id\""))
                let made = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                    ("csrf", s.csrf), ("route", "item"), ("parameter.id", "42"), ("alias", "item-42"),
                ]))
                #expect(made.status == 303)
                let page = try await client.send("GET", "/console/links/item-42", headers: s.cookie)
                #expect(page.text.contains("<dd>https://fuelmoney.example.com/items/42</dd>"))
                #expect(page.text.contains("title Item 42; description The item &lt;42&gt;"))

                let wrong = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                    ("csrf", s.csrf), ("route", "item"), ("parameter.id", "forty-two"),
                ]))
                #expect(wrong.status == 422)
                #expect(wrong.text.contains("value=\"forty-two\""))
                let missing = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                    ("csrf", s.csrf), ("route", "item"), ("parameter.id", ""),
                ]))
                #expect(missing.status == 400)
                let unknown = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                    ("csrf", s.csrf), ("route", "<nope>"),
                ]))
                #expect(unknown.status == 400)
                #expect(unknown.text.contains("No route is named &#39;&lt;nope&gt;&#39;") || unknown.text.contains("No route is named '&lt;nope&gt;'"))
            }
        }
    }

    @Test func aLinksPageShowsWhereItGoesItsQRCodeAndItsAnalytics() async throws {
        try await Console.withConsole { client, application in
            #expect(try await Self.create(client, #"{"link":"fuelmoney://settings/account","alias":"acct","title":"Account"}"#).status == 201)
            for query in ["", "?sl_qr=1", "?sl_qr=1"] {
                _ = try await client.send("GET", "/s/acct\(query)", headers: ["User-Agent": AnalyticsEndpointsTests.mac, "Accept": "text/html"])
            }
            await AnalyticsEndpointsTests.flush(application)
            let s = try await Self.session(client)
            let page = try await client.send("GET", "/console/links/acct", headers: s.cookie)
            #expect(page.status == 200)
            #expect(page.body.count < 60 * 1024)
            Console.expectConsoleHeaders(page, "a link's page")
            for text in ["<dd>https://fuelmoney.example.com/s/acct</dd>", "<dd>fuelmoney://settings/account</dd>",
                         "<th scope=\"row\">iPhone with the app</th>", "<th scope=\"row\">iPhone without the app</th>",
                         "<th scope=\"row\">Desktop</th>", "<th scope=\"row\">A previewer (chat apps, social sites)</th>",
                         "title Account; description Your FuelMoney account.", "<code>settings.account</code>",
                         "<figure class=\"qr\"><svg", "https://fuelmoney.example.com/s/acct?sl_qr=1</figcaption>",
                         "href=\"/console/links/acct/qr.svg\"", "<h2>link:acct,", "(Universal Link); NavigationPath [\"FuelMoney.HomePath\",\"2\",",
                         "The link page with the store button to https://apps.apple.com/"] {
                #expect(page.text.contains(text), "\(text)")
            }
            let api = try JSONParser.parse(try await client.send("GET", "/v1/analytics/timeseries?scope=link%3Aacct", headers: Console.admin).body)
            let human = try #require(api["totals"]?["human"]?.intValue)
            let qr = try #require(api["totals"]?["qr"]?.intValue)
            #expect(human == 3 && qr == 2)
            #expect(page.text.contains("<tr><th scope=\"row\">All</th><td class=\"number\">3</td><td class=\"number\">2</td>"))
            let analytics = try await client.send("GET", "/console/analytics?scope=link%3Aacct", headers: s.cookie)
            #expect(analytics.text.contains("<tr><th scope=\"row\">All</th><td class=\"number\">3</td><td class=\"number\">2</td>"))
            let wrongScope = try await client.send("GET", "/console/analytics?scope=nope", headers: s.cookie)
            #expect(wrongScope.status == 400)
            let wrongZone = try await client.send("GET", "/console/links/acct?tz=Nowhere%2FBad", headers: s.cookie)
            #expect(wrongZone.status == 400)
            #expect(wrongZone.text.contains("is not an IANA zone") && wrongZone.text.contains("<dd>fuelmoney://settings/account</dd>"))

            let svg = try await client.send("GET", "/console/links/acct/qr.svg", headers: s.cookie)
            #expect(svg.status == 200)
            #expect(svg.headers["content-type"] == "image/svg+xml")
            #expect(svg.headers["content-disposition"] == "attachment; filename=\"scenelink-acct.svg\"")
            #expect(svg.text.hasPrefix("<svg"))
            Console.expectConsoleHeaders(svg, "the QR download")
            let expected = try QRCode(encoding: "https://fuelmoney.example.com/s/acct?sl_qr=1", level: QRErrorCorrectionLevel.standard).svg()
            #expect(svg.text == expected)

            let missing = try await client.send("GET", "/console/links/nope", headers: s.cookie)
            #expect(missing.status == 404)
            Console.expectConsoleHeaders(missing, "an unknown link")
            #expect(try await client.send("GET", "/console/links/nope/qr.svg", headers: s.cookie).status == 404)
        }
    }

    @Test func theExpiryChangesWithTheRevisionReadAndAStaleRevisionSaysSo() async throws {
        try await Console.withConsole { client, _ in
            #expect(try await Self.create(client, #"{"link":"fuelmoney://settings","alias":"exp"}"#).status == 201)
            let s = try await Self.session(client)
            let page = try await client.send("GET", "/console/links/exp", headers: s.cookie)
            #expect(page.text.contains("name=\"revision\" value=\"1\""))
            let saved = try await client.send("POST", "/console/links/exp/expiry", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "1"), ("expiresAt", "2031-05-06T07:08"),
            ]))
            #expect(saved.status == 303)
            #expect(saved.headers["location"] == "/console/links/exp?done=link-expiry-changed&subject=exp")
            var api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/exp", headers: Console.admin).body)
            #expect(api["expiresAt"]?.stringValue == "2031-05-06T07:08:00Z")

            let stale = try await client.send("POST", "/console/links/exp/expiry", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "1"), ("expiresAt", ""),
            ]))
            #expect(stale.status == 412)
            #expect(stale.text.contains("The link changed since you opened this page"))
            #expect(stale.text.contains("name=\"revision\" value=\"2\""))
            api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/exp", headers: Console.admin).body)
            #expect(api["expiresAt"]?.stringValue == "2031-05-06T07:08:00Z", "nothing changed")

            let never = try await client.send("POST", "/console/links/exp/expiry", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "2"), ("expiresAt", ""),
            ]))
            #expect(never.status == 303)
            api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/exp", headers: Console.admin).body)
            #expect(api["expiresAt"] == .null)
            let audit = try await client.send("GET", "/v1/audit?subject=link%3Aexp", headers: Console.admin)
            #expect(audit.text.contains("\"action\":\"short_link.updated\""))
            #expect(audit.text.contains("\"actor\":\"console:"))

            let noToken = try await client.send("POST", "/console/links/exp/expiry", headers: s.post, body: Console.form([("revision", "3")]))
            #expect(noToken.status == 403)
        }
    }

    @Test func deletingNeedsTheConfirmationThenGoesBackToTheList() async throws {
        try await Console.withConsole { client, _ in
            #expect(try await Self.create(client, #"{"link":"fuelmoney://settings","alias":"gone"}"#).status == 201)
            let s = try await Self.session(client)
            let unconfirmed = try await client.send("POST", "/console/links/gone/delete", headers: s.post, body: Console.form([("csrf", s.csrf)]))
            #expect(unconfirmed.status == 400)
            #expect(unconfirmed.text.contains("Tick the box"))
            #expect(unconfirmed.text.contains(##"<a href="#link-delete-confirm">Tick the box"##))
            #expect(try await client.send("GET", "/v1/short-links/gone", headers: Console.admin).status == 200)
            let deleted = try await client.send("POST", "/console/links/gone/delete", headers: s.post,
                                                body: Console.form([("csrf", s.csrf), ("confirm", "yes")]))
            #expect(deleted.status == 303)
            #expect(deleted.headers["location"] == "/console/links?done=link-deleted&subject=gone")
            let list = try await client.send("GET", "/console/links?done=link-deleted&subject=gone", headers: s.cookie)
            #expect(list.text.contains("<p class=\"banner-message\">Link gone deleted</p>"))
            #expect(try await client.send("GET", "/v1/short-links/gone", headers: Console.admin).status == 404)
            #expect(try await client.send("GET", "/console/links/gone", headers: s.cookie).status == 404)
            let again = try await client.send("POST", "/console/links/gone/delete", headers: s.post,
                                              body: Console.form([("csrf", s.csrf), ("confirm", "yes")]))
            #expect(again.status == 404)
            let audit = try await client.send("GET", "/v1/audit?subject=link%3Agone", headers: Console.admin)
            #expect(audit.text.contains("\"action\":\"short_link.deleted\""))
            #expect(audit.text.contains("\"actor\":\"console:"))
        }
    }

    @Test func theOverviewRanksTheTopLinksOfTheLastSevenDaysByHumanVisits() async throws {
        try await Console.withConsole { client, application in
            for (alias, visits) in [("first", 3), ("second", 2), ("bots-only", 0)] {
                #expect(try await Self.create(client, #"{"link":"fuelmoney://settings","alias":"\#(alias)"}"#).status == 201)
                for _ in 0..<visits {
                    _ = try await client.send("GET", "/s/\(alias)", headers: ["User-Agent": AnalyticsEndpointsTests.mac, "Accept": "text/html"])
                }
            }
            _ = try await client.send("GET", "/s/bots-only", headers: ["User-Agent": "curl/8.5.0", "Accept": "text/html"])
            await AnalyticsEndpointsTests.flush(application)
            let s = try await Self.session(client)
            let overview = try await client.send("GET", "/console/overview", headers: s.cookie)
            #expect(overview.status == 200)
            #expect(overview.text.contains("<h2>Top links</h2>"))
            let first = try #require(overview.text.range(of: "<th scope=\"row\"><a href=\"/console/links/first\">first</a></th><td class=\"number\">3</td>"))
            let second = try #require(overview.text.range(of: "<th scope=\"row\"><a href=\"/console/links/second\">second</a></th><td class=\"number\">2</td>"))
            #expect(first.lowerBound < second.lowerBound)
            #expect(!overview.text.contains(">bots-only<"))
        }
    }

    @Test func withAnalyticsOffALinksPageStillShowsAndSaysWhy() async throws {
        try await Console.withConsole({ $0.analytics.isOn = false }) { client, _ in
            #expect(try await Self.create(client, #"{"link":"fuelmoney://settings","alias":"quiet"}"#).status == 201)
            let s = try await Self.session(client)
            let page = try await client.send("GET", "/console/links/quiet", headers: s.cookie)
            #expect(page.status == 200)
            #expect(page.text.contains("<dd>fuelmoney://settings</dd>"))
            #expect(page.text.contains("class=\"error\" role=\"alert\">"))
        }
    }

    @Test func theTargetTitleAndTagsChangeWithTheRevisionRead() async throws {
        try await Console.withConsole { client, _ in
            #expect(try await Self.create(client, #"{"link":"fuelmoney://settings","alias":"lab","title":"Old","tags":["a"]}"#).status == 201)
            let s = try await Self.session(client)
            let page = try await client.send("GET", "/console/links/lab", headers: s.cookie)
            #expect(page.text.contains("<form method=\"post\" action=\"/console/links/lab/edit\">"))
            #expect(page.text.contains("name=\"tags\" value=\"a\""))
            let saved = try await client.send("POST", "/console/links/lab/edit", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "1"), ("shown", "fuelmoney://settings"), ("link", "fuelmoney://settings/account"),
                ("title", "New <title>"), ("tags", "b c"),
            ]))
            #expect(saved.status == 303)
            let api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/lab", headers: Console.admin).body)
            #expect(api["link"]?.stringValue == "fuelmoney://settings/account")
            #expect(api["title"]?.stringValue == "New <title>")
            #expect(api["tags"]?.arrayValue?.compactMap(\.stringValue) == ["b", "c"])
            let shown = try await client.send("GET", "/console/links/lab", headers: s.cookie)
            #expect(shown.text.contains("<dd>New &lt;title&gt;</dd>"))

            let stale = try await client.send("POST", "/console/links/lab/edit", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "1"), ("shown", "fuelmoney://settings/account"), ("link", "fuelmoney://settings/account"),
                ("title", ""), ("tags", ""),
            ]))
            #expect(stale.status == 412)
            #expect(stale.text.contains("so your change was not saved"))
            let wrong = try await client.send("POST", "/console/links/lab/edit", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "2"), ("shown", "fuelmoney://settings/account"), ("link", "fuelmoney://nowhere"),
                ("title", ""), ("tags", ""),
            ]))
            #expect(wrong.status == 422)
            #expect(wrong.text.contains("Your change was not saved: "))
            #expect(wrong.text.contains(##"<li><a href="#link-link">Your change was not saved: "##), "the summary links to the target field")
            #expect(wrong.text.contains(#"id="link-link" name="link" value="fuelmoney://settings/account" aria-invalid="true" aria-describedby="link-link-error">"#))
            #expect(!stale.text.contains("error-summary"), "a change made meanwhile is about no one field: a notice at the top")
            let cleared = try await client.send("POST", "/console/links/lab/edit", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "2"), ("shown", "fuelmoney://settings/account"), ("link", "fuelmoney://settings/account"),
                ("title", ""), ("tags", ""),
            ]))
            #expect(cleared.status == 303)
            let after = try JSONParser.parse(try await client.send("GET", "/v1/short-links/lab", headers: Console.admin).body)
            #expect(after["title"] == .null && after["tags"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func aPageOfTheLongestLinksTitlesAndTagsStaysWithin60KB() async throws {
        try await Console.withConsole { client, _ in
            let head = "fuelmoney://settings/account?x="
            let target = head + String(String(repeating: "a=&", count: 700).prefix(2_048 - head.count))
            let title = String(repeating: "<t>", count: 66)
            let tags = (0..<20).map { "\($0)" + String(repeating: "t", count: 38) }
            let body = "{\"link\":\(JSONEscaping.quote(target)),\"title\":\(JSONEscaping.quote(title)),"
                + "\"tags\":[\(tags.map(JSONEscaping.quote).joined(separator: ","))]"
            for index in 0..<50 {
                let alias = "long-" + String(repeating: "a", count: 50) + "\(index)"
                #expect(try await Self.create(client, body + ",\"alias\":\"\(alias)\"}").status == 201)
            }
            let s = try await Self.session(client)
            let page = try await client.send("GET", "/console/links", headers: s.cookie)
            #expect(page.status == 200)
            #expect(page.body.count < 60 * 1024, "\(page.body.count) bytes")
            #expect(page.text.contains(" and 17 more"))
            let one = try await client.send("GET", "/console/links/long-\(String(repeating: "a", count: 50))0", headers: s.cookie)
            #expect(one.status == 200)
            #expect(one.body.count < 60 * 1024, "\(one.body.count) bytes")
        }
    }
}
