import Foundation
import SceneLinkHTTP
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations

@Suite struct ConsoleBannerTests {
    private func html(_ banner: ConsoleBanner) -> String {
        var html = HTMLDocument.fragment()
        banner.write(into: &html)
        return String(decoding: html.finish(), as: UTF8.self)
    }

    private func query(_ items: [String: String]) -> (String) -> String? { { items[$0] } }

    @Test func aBannerIsAPoliteStatusWithAHeadingAndTheSentence() {
        #expect(html(ConsoleBanner(.linkCreated, subject: "spring-sale")) == #"<div class="banner" role="status" aria-live="polite" aria-labelledby="banner-title">"#
            + #"<h2 class="banner-title" id="banner-title">Success</h2><p class="banner-message">Link spring-sale created</p></div>"#)
    }

    @Test func eachChangeHasItsSentence() {
        #expect(ConsoleBanner(.linkDeleted, subject: "gone").message == "Link gone deleted")
        #expect(ConsoleBanner(.linkChanged, subject: "x").message == "Link x saved")
        #expect(ConsoleBanner(.linkExpiryChanged, subject: "x").message == "Expiry of link x saved")
        #expect(ConsoleBanner(.webhookCreated).message == "Webhook endpoint created")
        #expect(ConsoleBanner(.keyRevoked, subject: "ci deploy").message == "Key ci deploy revoked")
        #expect(ConsoleBanner(.keyCreated).message == "Key created", "without a subject the sentence names none")
        #expect(ConsoleBanner(.linksChanged, subject: "12").message == "12 links changed")
        #expect(ConsoleBanner(.linksDeleted, subject: "1").message == "1 link deleted")
        // Every notice reads back from its own redirect.
        for kind in ConsoleBanner.Kind.allCases {
            let path = ConsoleBanner(kind, subject: "a-1").redirect(to: "/console/x")
            let items = Dictionary(uniqueKeysWithValues: (URLComponents(string: path)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(ConsoleBanner(query: query(items)) == ConsoleBanner(kind, subject: "a-1"))
        }
    }

    @Test func theRedirectCarriesTheNoticeBeforeTheFragment() {
        #expect(ConsoleBanner(.keyRevoked, subject: "ci deploy").redirect(to: "/console/system#keys")
            == "/console/system?done=key-revoked&subject=ci%20deploy#keys")
        #expect(ConsoleBanner(.webhookDeleted).redirect(to: "/console/webhooks") == "/console/webhooks?done=webhook-deleted")
        #expect(ConsoleBanner(.linksDeleted, subject: "3").redirect(to: "/console/links", keeping: [("tag", "spring")])
            == "/console/links?tag=spring&done=links-deleted&subject=3")
    }

    @Test func aQueryNamingNoNoticeOrAnUnknownOneShowsNoBanner() {
        #expect(ConsoleBanner(query: query([:])) == nil)
        #expect(ConsoleBanner(query: query(["done": "everything-deleted"])) == nil)
        #expect(ConsoleBanner(query: query(["subject": "x"])) == nil)
    }

    @Test func aSubjectThatIsNotPlainTextIsLeftOutAndTextIsEscapedAnyway() {
        let crafted = ConsoleBanner(query: query(["done": "link-deleted", "subject": "<script>alert(1)</script>"]))
        #expect(crafted?.subject == nil)
        #expect(crafted?.message == "Link deleted")
        let sentence = ConsoleBanner(query: query(["done": "link-deleted", "subject": "Your account is locked, call 555"]))
        #expect(sentence?.subject == nil, "a comma is not in a code or a key name: no sentence can be planted")
        #expect(ConsoleBanner(.linkDeleted, subject: String(repeating: "a", count: 65)).subject == nil)
        #expect(ConsoleBanner(.linkDeleted, subject: String(repeating: "a", count: 64)).subject != nil)
        #expect(!html(ConsoleBanner(.linkDeleted, subject: "\"><img src=x>")).contains("<img"))
    }

    @Test func aPageShowsTheBannerAboveItsHeading() {
        var page = ConsolePage(title: "Links", section: .links, session: ConsoleViewFixtures.admin)
        page.banner = ConsoleBanner(.linkDeleted, subject: "gone")
        let text = String(decoding: page.response().body, as: UTF8.self)
        #expect(text.contains(#"<main id="main"><div class="banner" role="status""#))
        #expect(text.contains(#"Link gone deleted</p></div><h1>Links</h1>"#))
        #expect(HTMLTagBalance.problem(in: text) == nil)
    }
}
