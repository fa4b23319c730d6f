import Foundation
import SceneLinkCore
import Testing

@Suite struct WebhookEventTests {
    let time = Date(timeIntervalSince1970: 1_790_000_000.25)
    let stamp = "2026-09-21T14:13:20.250Z"

    func link() throws -> ShortLink {
        try ShortLink(code: ShortCode("Ab3x"), link: "fuelmoney://settings/\"account\"", createdAt: time,
                      expiresAt: nil, route: "settings.account", title: "Say \"hi\"", tags: [ShortLinkTag("spring")])
    }

    @Test func aCreatedLinkIsTheThinBodyWithTheLinkInDocumentedOrder() throws {
        let event = WebhookEvent.shortLinkCreated(try link())
        #expect(event.payload == #"{"type":"short_link.created","timestamp":"\#(stamp)","data":{"code":"Ab3x","route":"settings.account","#
            + #""link":"fuelmoney://settings/\"account\"","createdAt":"\#(stamp)","expiresAt":null,"title":"Say \"hi\"","tags":["spring"]}}"#)
    }

    @Test func aClickIsItsTemplateWithTheCountBetween() throws {
        let visit = ShortLinkClickVisit(visitClass: .human, trigger: .qr, platform: .ios, country: "JP")
        let event = WebhookEvent.shortLinkClicked(try link(), count: 7, at: time, visit: visit)
        #expect(event.payload == #"{"type":"short_link.clicked","timestamp":"\#(stamp)","data":{"code":"Ab3x","route":"settings.account","#
            + #""link":"fuelmoney://settings/\"account\"","count":7,"time":"\#(stamp)","#
            + #""visit":{"class":"human","trigger":"qr","platform":"ios","country":"JP"},"campaign":null}}"#)
        var campaigned = try link()
        campaigned.link = "https://fuelmoney.example.com/settings/account?utm_source=paper"
        campaigned.settings.campaign["utm_medium"] = "print"
        #expect(WebhookEvent.shortLinkClicked(campaigned, count: 1, at: time).payload
            .hasSuffix(#""visit":null,"campaign":{"utm_source":"paper","utm_medium":"print"}}}"#))
        let template = WebhookEvent.shortLinkClickedTemplate(try link(), at: time)
        #expect(template.beforeCount + "7" + template.afterCount
                == WebhookEvent.shortLinkClicked(try link(), count: 7, at: time).payload)
        #expect(template.afterCount.hasSuffix(#""visit":null,"campaign":null}}"#))
    }

    @Test func aRedemptionIsItsTemplateWithRouteAndLinkBetween() {
        let claim = Claim(id: 1, secretHash: [], link: "https://example.com/a?b=\"c\"", route: nil, createdAt: time,
                          expiresAt: time, codeExpiresAt: time,
                          redemption: ClaimRedemption(install: UUID(), source: .referrer, redeemedAt: time))
        let event = WebhookEvent.claimRedeemed(claim)
        #expect(event.payload == #"{"type":"claim.redeemed","timestamp":"\#(stamp)","data":{"route":null,"#
            + #""link":"https://example.com/a?b=\"c\"","source":"referrer","redeemedAt":"\#(stamp)"}}"#)
        let template = WebhookEvent.claimRedeemedTemplate(source: .referrer, at: time)
        #expect(template.beforeRoute.hasSuffix(#""data":{"route":"#))
        #expect(template.afterLink == #","source":"referrer","redeemedAt":"\#(stamp)"}}"#)
    }

    @Test func aTestNamesItsEndpoint() {
        let event = WebhookEvent.webhookTest(endpointID: "ep_1", at: time)
        #expect(event.payload == #"{"type":"webhook.test","timestamp":"\#(stamp)","data":{"endpointId":"ep_1"}}"#)
    }
}
