import SceneLinkCore
import Testing

@Suite struct LinkCampaignTests {
    static func campaign(_ values: [String: String]) -> LinkCampaign {
        var campaign = LinkCampaign()
        for (name, value) in values { campaign[name] = value }
        return campaign
    }

    @Test func valuesKeepTheParametersOrderWhateverOrderTheyAreSetIn() {
        let campaign = Self.campaign(["ct": "spring", "utm_medium": "email", "utm_source": "news"])
        #expect(campaign.values.map(\.name) == ["utm_source", "utm_medium", "ct"])
        var cleared = campaign
        cleared["utm_medium"] = nil
        #expect(cleared.values.map(\.name) == ["utm_source", "ct"])
        #expect(LinkCampaign().isEmpty)
    }

    @Test func aQueryGivesItsCampaignParametersDecodedAndNothingElse() {
        let campaign = LinkCampaign(link: "https://app.example.com/p?id=4&utm_source=spring+mail&utm_campaign=%E6%98%A5&utm_source=again&pt=abc&ct=x#frag")
        #expect(campaign["utm_source"] == "spring mail")
        #expect(campaign["utm_campaign"] == "春")
        // Repeats keep the first; a value the rules refuse (a provider token is digits) is not taken.
        #expect(campaign["pt"] == nil)
        #expect(campaign["ct"] == "x")
        #expect(campaign.values.count == 3)
        #expect(LinkCampaign(link: "https://app.example.com/p").isEmpty)
        #expect(LinkCampaign(link: "https://app.example.com/p?utm_source=").isEmpty)
    }

    @Test func aWebsiteGetsTheUTMParametersAfterItsOwnAndBeforeItsFragment() {
        let campaign = Self.campaign(["utm_source": "news", "utm_medium": "e mail", "ct": "spring"])
        #expect(campaign.destination("https://example.org/page") == "https://example.org/page?utm_source=news&utm_medium=e%20mail")
        #expect(campaign.destination("https://example.org/page?a=1#top")
            == "https://example.org/page?a=1&utm_source=news&utm_medium=e%20mail#top")
        // The destination's own value is kept.
        #expect(campaign.destination("http://example.org/?utm_source=own") == "http://example.org/?utm_source=own&utm_medium=e%20mail")
    }

    @Test func theAppStoreGetsItsCampaignTokensAndNoUTM() {
        let campaign = Self.campaign(["utm_source": "news", "pt": "118950", "ct": "spring sale", "mt": "8"])
        #expect(campaign.destination("https://apps.apple.com/app/id1234567890")
            == "https://apps.apple.com/app/id1234567890?pt=118950&ct=spring%20sale&mt=8")
        #expect(campaign.destination("https://itunes.apple.com/app/id1?ct=own") == "https://itunes.apple.com/app/id1?ct=own&pt=118950&mt=8")
    }

    @Test func googlePlayGetsTheUTMValuesAsOneReferrerAfterTheClaim() {
        let campaign = Self.campaign(["utm_source": "news", "utm_campaign": "spring sale", "pt": "1"])
        let play = "https://play.google.com/store/apps/details?id=com.example.app"
        #expect(campaign.destination(play)
            == play + "&referrer=utm_source%3Dnews%26utm_campaign%3Dspring%2520sale")
        #expect(campaign.destination(play, referrerPairs: ["scenelink_claim=T0k"])
            == play + "&referrer=scenelink_claim%3DT0k%26utm_source%3Dnews%26utm_campaign%3Dspring%2520sale")
        // A page with a referrer of its own keeps it.
        #expect(campaign.destination(play + "&referrer=own") == play + "&referrer=own")
        #expect(LinkCampaign.none.destination(play) == play)
    }

    @Test func aCustomSchemeOrAnUnchangedCampaignLeavesTheURLAsItIs() {
        let campaign = Self.campaign(["utm_source": "news"])
        #expect(campaign.destination("fuelmoney://settings") == "fuelmoney://settings")
        #expect(campaign.destination("market://details?id=x") == "market://details?id=x")
        #expect(LinkCampaign.none.destination("https://example.org/") == "https://example.org/")
        #expect(Self.campaign(["ct": "x"]).destination("https://example.org/") == "https://example.org/")
    }

    @Test func theRulesSayWhatAValueMayBe() {
        #expect(LinkCampaignRules.problem(name: "utm_source", value: "news") == nil)
        #expect(LinkCampaignRules.problem(name: "utm_source", value: String(repeating: "a", count: 201))?.contains("at most 200") == true)
        #expect(LinkCampaignRules.problem(name: "ct", value: String(repeating: "a", count: 41))?.contains("at most 40") == true)
        #expect(LinkCampaignRules.problem(name: "pt", value: "12a")?.contains("digits only") == true)
        #expect(LinkCampaignRules.problem(name: "utm_term", value: "a\u{0}b")?.contains("control character") == true)
        #expect(LinkCampaignRules.problem(name: "mt", value: "")?.contains("empty") == true)
    }
}
