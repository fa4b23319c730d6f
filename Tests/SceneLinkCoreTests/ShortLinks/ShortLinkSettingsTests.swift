import SceneLinkCore
import Testing

@Suite struct ShortLinkSettingsTests {
    static let full = #"""
        {"preview": {"title": "Spring sale", "description": "Half off", "image": "https://cdn.example.org/s.png"},
         "fallbacks": {"ios": "https://example.org/ios", "ipad": "https://example.org/ipad",
                       "android": "https://example.org/android", "desktop": "http://example.org/"},
         "skipPage": true, "campaign": {"utm_source": "news", "pt": "118950"}}
        """#

    @Test func everyMemberIsReadAndWrittenBackTheSame() throws {
        let settings = try ShortLinkSettings(json: try JSONParser.parse(Self.full))
        #expect(settings.preview == LinkPreview(title: "Spring sale", description: "Half off", image: "https://cdn.example.org/s.png"))
        #expect(settings.fallbacks.ipad == "https://example.org/ipad")
        #expect(settings.skipPage)
        #expect(settings.campaign["pt"] == "118950")
        #expect(try ShortLinkSettings(json: settings.json) == settings)
        #expect(ShortLinkSettings(storedText: settings.storedText) == settings)
    }

    @Test func nothingSetIsStoredAsNothingAndWrittenAsNulls() throws {
        let none = try ShortLinkSettings(json: try JSONParser.parse(#"{"preview": null, "skipPage": false, "campaign": {}}"#))
        #expect(none == .none)
        #expect(none.isEmpty)
        #expect(none.storedText == nil)
        #expect(JSONWriter.text(none.json) == #"{"campaign":null,"fallbacks":null,"preview":null,"skipPage":false}"#)
        #expect(ShortLinkSettings(storedText: nil) == .none)
        // A damaged stored text is read as nothing rather than stopping the link.
        #expect(ShortLinkSettings(storedText: #"{"fallbacks": {"ios": "javascript:alert(1)"}}"#) == .none)
    }

    @Test(arguments: [
        (#"{"preview": "Spring"}"#, "preview"),
        (#"{"preview": {"subtitle": "x"}}"#, "preview.subtitle"),
        (#"{"preview": {"image": "http://cdn.example.org/s.png"}}"#, "preview.image"),
        (#"{"preview": {"title": 4}}"#, "preview.title"),
        (#"{"fallbacks": {"ios": "javascript:alert(1)"}}"#, "fallbacks.ios"),
        (#"{"fallbacks": {"desktop": "https://user:pw@example.org/"}}"#, "fallbacks.desktop"),
        (#"{"fallbacks": {"android": "/relative"}}"#, "fallbacks.android"),
        (#"{"fallbacks": {"watch": "https://example.org/"}}"#, "fallbacks.watch"),
        (#"{"skipPage": "yes"}"#, "skipPage"),
        (#"{"campaign": {"utm_id": "x"}}"#, "campaign.utm_id"),
        (#"{"campaign": {"pt": "abc"}}"#, "campaign.pt"),
        (#"{"campaign": {"utm_source": 3}}"#, "campaign.utm_source"),
    ])
    func aValueThatCannotBeKeptNamesItsMember(json: String, member: String) throws {
        #expect(throws: ShortLinkSettingsError.self) { try ShortLinkSettings(json: try JSONParser.parse(json)) }
        do {
            _ = try ShortLinkSettings(json: try JSONParser.parse(json))
        } catch let error as ShortLinkSettingsError {
            #expect(error.member == member)
            #expect(error.description.hasPrefix("\"\(member)\": "))
        }
    }

    @Test func tooLongValuesAreRefusedWithTheLimit() throws {
        let title = String(repeating: "t", count: ShortLinkSettings.maximumPreviewTitleLength + 1)
        #expect(throws: ShortLinkSettingsError(member: "preview.title", reason: "is 201 characters long; give at most 200")) {
            try ShortLinkSettings(json: .object([("preview", .object([("title", .string(title))]))]))
        }
        let url = "https://example.org/" + String(repeating: "a", count: ShortLinkSettings.maximumURLBytes)
        #expect(throws: ShortLinkSettingsError.self) {
            try ShortLinkSettings(json: .object([("fallbacks", .object([("ios", .string(url))]))]))
        }
    }

    @Test func aPatchMergesMemberByMember() throws {
        let settings = try ShortLinkSettings(json: try JSONParser.parse(Self.full))
        let patched = try settings.patched(with: try JSONParser.parse(
            #"{"preview": {"image": null, "title": "Summer"}, "fallbacks": null, "campaign": {"utm_medium": "email"}, "link": "ignored"}"#))
        #expect(patched.preview == LinkPreview(title: "Summer", description: "Half off"))
        #expect(patched.fallbacks.isEmpty)
        #expect(patched.skipPage)
        #expect(patched.campaign.values.map(\.name) == ["utm_source", "utm_medium", "pt"])
        #expect(throws: ShortLinkSettingsError.self) { try settings.patched(with: try JSONParser.parse(#"{"skipPage": 1}"#)) }
    }

    @Test func anIPadTakesItsOwnFallbackElseTheIPhonesAndAVisitFillsTheCampaignFromTheTarget() throws {
        var settings = ShortLinkSettings(fallbacks: ShortLinkFallbacks(ios: "https://example.org/ios", desktop: "https://example.org/"))
        #expect(settings.fallback(for: .iPad) == "https://example.org/ios")
        settings.fallbacks.ipad = "https://example.org/ipad"
        #expect(settings.fallback(for: .iPad) == "https://example.org/ipad")
        #expect(settings.fallback(for: .iPhone) == "https://example.org/ios")
        #expect(settings.fallback(for: .android) == nil)
        settings.campaign["utm_source"] = "own"
        let visit = settings.visiting("https://app.example.com/p?utm_source=target&utm_medium=print")
        #expect(visit.campaign["utm_source"] == "own")
        #expect(visit.campaign["utm_medium"] == "print")
    }

    @Test func theDeviceIsReadFromTheUserAgent() {
        #expect(LinkDevice(userAgent: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", platform: .ios) == .iPad)
        #expect(LinkDevice(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", platform: .ios) == .iPhone)
        #expect(LinkDevice(userAgent: "Mozilla/5.0 (Linux; Android 14)", platform: .android) == .android)
        #expect(LinkDevice(userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", platform: .macos) == .desktop)
        #expect(LinkDevice(userAgent: nil, platform: .other) == .desktop)
    }
}
