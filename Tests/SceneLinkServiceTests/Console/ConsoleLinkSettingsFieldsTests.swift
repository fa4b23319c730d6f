import Foundation
import SceneLinkConsole
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkText
import Testing
@testable import SceneLinkService

/// A link's own card, fallbacks, "skip the page" and campaign in the console: shown on its page,
/// changed through its edit form (an emptied field removed) and set by the create form, each read
/// as the API's own merge patch, so the API sees the same settings and the operation's sentences
/// land beside the field they name.
@Suite struct ConsoleLinkSettingsFieldsTests {
    typealias Console = ConsoleEndpointsTests
    typealias Links = ConsoleLinksTests

    @Test func theEditFormChangesTheSettingsAndAnEmptiedFieldRemovesOne() async throws {
        try await Console.withConsole { client, _ in
            let created = try await Links.create(client, #"{"link":"fuelmoney://settings","alias":"card","fallbacks":{"android":"https://a.example.org/"}}"#)
            #expect(created.status == 201)
            let s = try await Links.session(client)
            let page = try await client.send("GET", "/console/links/card", headers: s.cookie)
            #expect(page.text.contains("<summary>Card, fallbacks and campaign"))
            #expect(page.text.contains("<details open=\"open\">"), "a link with settings shows them open")
            #expect(page.text.contains("<dt>Fallbacks</dt><dd>android: https://a.example.org/</dd>"))
            #expect(page.text.contains("<label for=\"link-skipPage\">"))
            #expect(page.text.contains("id=\"link-fallbacks-android\" name=\"fallbacks.android\" value=\"https://a.example.org/\""))

            let saved = try await client.send("POST", "/console/links/card/edit", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "1"), ("shown", "fuelmoney://settings"), ("link", "fuelmoney://settings"),
                ("title", ""), ("tags", ""), ("settings", "shown"),
                ("preview.title", "Spring <sale>"), ("preview.description", ""), ("preview.image", "https://img.example.org/a.png"),
                ("fallbacks.ios", ""), ("fallbacks.ipad", ""), ("fallbacks.android", ""), ("fallbacks.desktop", "https://www.example.org/d"),
                ("skipPage", "on"), ("campaign.utm_source", "newsletter"), ("campaign.utm_campaign", "spring"), ("campaign.ct", "mail"),
            ]))
            #expect(saved.status == 303)
            #expect(saved.headers["location"] == "/console/links/card?done=link-changed&subject=card")
            let api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/card", headers: Console.admin).body)
            #expect(api["preview"]?["title"]?.stringValue == "Spring <sale>")
            #expect(api["preview"]?["image"]?.stringValue == "https://img.example.org/a.png")
            #expect(api["fallbacks"]?["desktop"]?.stringValue == "https://www.example.org/d")
            #expect(api["fallbacks"]?["android"] == nil || api["fallbacks"]?["android"] == .null, "the emptied field is removed")
            #expect(api["skipPage"] == .bool(true))
            #expect(api["campaign"]?["utm_source"]?.stringValue == "newsletter")
            #expect(api["campaign"]?["ct"]?.stringValue == "mail")
            let shown = try await client.send("GET", "/console/links/card", headers: s.cookie)
            #expect(shown.text.contains("Spring &lt;sale&gt;") && !shown.text.contains("Spring <sale>"))
            #expect(shown.text.contains("id=\"link-skipPage\" name=\"skipPage\" checked=\"checked\""))

            // A form without the settings' fields (an older page) leaves them as they are.
            let retitled = try await client.send("POST", "/console/links/card/edit", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "2"), ("shown", "fuelmoney://settings"), ("link", "fuelmoney://settings"),
                ("title", "Retitled"), ("tags", ""),
            ]))
            #expect(retitled.status == 303)
            let kept = try JSONParser.parse(try await client.send("GET", "/v1/short-links/card", headers: Console.admin).body)
            #expect(kept["title"]?.stringValue == "Retitled")
            #expect(kept["campaign"]?["utm_source"]?.stringValue == "newsletter")
            let audit = try await client.send("GET", "/v1/audit?subject=link%3Acard", headers: Console.admin)
            #expect(audit.text.contains("\"action\":\"short_link.updated\""))
            #expect(audit.text.contains("\"actor\":\"console:"))
        }
    }

    @Test func aBadFallbackIsRefusedWithTheOperationsSentenceBesideTheField() async throws {
        try await Console.withConsole { client, _ in
            #expect(try await Links.create(client, #"{"link":"fuelmoney://settings","alias":"bad"}"#).status == 201)
            let s = try await Links.session(client)
            let refused = try await client.send("POST", "/console/links/bad/edit", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("revision", "1"), ("shown", "fuelmoney://settings"), ("link", "fuelmoney://settings"),
                ("title", ""), ("tags", ""), ("settings", "shown"), ("fallbacks.ios", "ftp://files.example.org/"),
            ]))
            #expect(refused.status == 400)
            #expect(refused.text.contains("<a href=\"#link-fallbacks-ios\">"), "the summary links to the field")
            #expect(refused.text.contains("\"fallbacks.ios\": give an http or https URL"))
            #expect(refused.text.contains("id=\"link-fallbacks-ios\" name=\"fallbacks.ios\" value=\"\" spellcheck=\"false\" aria-invalid=\"true\" "
                                          + "aria-describedby=\"link-fallbacks-ios-error\""))
            #expect(refused.text.contains("<details open=\"open\">"), "the group holding the refused field is open")
            let api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/bad", headers: Console.admin).body)
            #expect(api["fallbacks"] == .null, "nothing was saved")
        }
    }

    @Test func theCreateFormSetsTheCardTheDesktopFallbackAndTheCampaign() async throws {
        try await Console.withConsole { client, _ in
            let s = try await Links.session(client)
            let fresh = try await client.send("GET", "/console/links", headers: s.cookie)
            #expect(fresh.text.contains("<details><summary>Card, fallbacks and campaign"), "a fresh form keeps the group closed")
            let made = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("link", "fuelmoney://settings"), ("alias", "made"),
                ("preview.title", "Made"), ("fallbacks.desktop", "https://www.example.org/"),
                ("campaign.utm_source", "print"), ("campaign.utm_medium", "qr"), ("campaign.utm_campaign", "spring"),
            ]))
            #expect(made.status == 303)
            let api = try JSONParser.parse(try await client.send("GET", "/v1/short-links/made", headers: Console.admin).body)
            #expect(api["preview"]?["title"]?.stringValue == "Made")
            #expect(api["fallbacks"]?["desktop"]?.stringValue == "https://www.example.org/")
            #expect(api["campaign"]?["utm_medium"]?.stringValue == "qr")
            #expect(api["skipPage"] == .bool(false))

            let refused = try await client.send("POST", "/console/links", headers: s.post, body: Console.form([
                ("csrf", s.csrf), ("link", "fuelmoney://settings"), ("fallbacks.desktop", "javascript:alert(1)"),
            ]))
            #expect(refused.status == 400)
            #expect(refused.text.contains("<a href=\"#create-fallbacks-desktop\">"))
            #expect(refused.text.contains("value=\"javascript:alert(1)\" spellcheck=\"false\" aria-invalid=\"true\""))
            #expect(refused.text.contains("<details open=\"open\">"), "the group holding the refused field is open")
        }
    }

    @Test func aSentenceNamesTheFieldOfItsMember() {
        #expect(ConsoleLinkSettingsFields.field(in: "\"fallbacks.ios\": give an http or https URL: x.") == "fallbacks.ios")
        #expect(ConsoleLinkSettingsFields.field(in: "\"campaign.utm_source\": is too long.") == "campaign.utm_source")
        #expect(ConsoleLinkSettingsFields.field(in: "\"skipPage\": give true or false.") == "skipPage")
        #expect(ConsoleLinkSettingsFields.field(in: "\"preview\": give an object.") == "preview.title")
        #expect(ConsoleLinkSettingsFields.field(in: "\"title\" must be a string.") == nil)
        #expect(ConsoleEndpoints.linkField(what: "change", sentence: "\"preview.title\": is 300 characters long.") == "link-preview-title")
        #expect(ConsoleEndpoints.linkField(what: "change", sentence: "\"title\" must be at most 200 characters.") == "link-title")
    }

    @Test func anEmptiedGroupIsNullAndAFormWithoutTheFieldsPatchesNothing() {
        let emptied = ConsoleLinkSettingsFields.patch(ConsoleForm(body: Array("settings=shown&preview.title=&fallbacks.ios=https%3A%2F%2Fx.example%2F".utf8)))
        #expect(emptied.first { $0.key == "preview" }?.value == .null)
        #expect(emptied.first { $0.key == "fallbacks" }?.value["ios"]?.stringValue == "https://x.example/")
        #expect(emptied.first { $0.key == "fallbacks" }?.value["desktop"] == .null)
        #expect(emptied.first { $0.key == "skipPage" }?.value == .bool(false))
        #expect(ConsoleLinkSettingsFields.patch(ConsoleForm(body: Array("title=x".utf8))).isEmpty)
        #expect(ConsoleLinkSettingsFields.members(ConsoleForm(body: Array("preview.title=&campaign.utm_source=a".utf8))).map(\.key) == ["campaign"])
    }
}
