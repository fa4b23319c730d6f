import SceneLinkCore
import Testing

@Suite struct UserAgentReadingTests {
    @Test func everyFixtureRowReadsExactlyAsListed() throws {
        let rows = try UserAgentFixture.all()
        #expect(rows.count >= 200)
        for row in rows {
            let expected = try #require(row.expected, "\(row) names a class, platform, browser or previewer that does not exist")
            #expect(UserAgentReading(userAgent: row.userAgent) == expected, "\(row)")
        }
    }

    @Test func everyPreviewerIsAPreviewWithItsName() throws {
        let previews = try UserAgentFixture.all().filter { $0.previewer != nil }
        for row in previews {
            let reading = UserAgentReading(userAgent: row.userAgent)
            #expect(reading.visitClass == .preview, "\(row)")
            #expect(reading.previewer?.rawValue == row.previewer, "\(row)")
        }
        let named = Set(previews.compactMap(\.previewer))
        #expect(Set(Previewer.allCases.map(\.rawValue)).subtracting(named).isEmpty, "every previewer has a fixture row")
    }

    @Test func noMainstreamOrInAppBrowserReadsAsAPreviewOrABot() throws {
        let humans = try UserAgentFixture.all().filter { $0.class == "human" }
        for row in humans {
            #expect(UserAgentReading(userAgent: row.userAgent).visitClass == .human, "\(row)")
        }
        #expect(Set(BrowserFamily.allCases.map(\.rawValue)).subtracting(humans.map(\.browser)).isEmpty,
                "every browser family has a human fixture row")
        #expect(Set(VisitPlatform.allCases.map(\.rawValue)).subtracting(humans.map(\.platform)) == ["other"])
    }

    @Test func noUserAgentAnEmptyOneOrOnlySpacesIsABot() {
        let bot = UserAgentReading(visitClass: .bot, platform: .other, browser: .other)
        #expect(UserAgentReading(userAgent: nil) == bot)
        #expect(UserAgentReading(userAgent: "") == bot)
        #expect(UserAgentReading(userAgent: " \t ") == bot)
    }

    /// Previewers first: their UAs carry client, bot and browser tokens that would read otherwise.
    @Test func previewTokensWinOverBotAndBrowserTokens() {
        #expect(UserAgentReading(userAgent: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)").previewer == .linkedin)
        #expect(UserAgentReading(userAgent: "http.rb/5.1.1 (Mastodon/4.2.1; +https://mastodon.social/)").previewer == .mastodon)
        #expect(UserAgentReading(userAgent: "http.rb/5.1.1").visitClass == .bot)
        // iMessage claims Safari, Facebook and Twitter at once; Facebook or Twitter alone are themselves.
        let iMessage = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0"
        #expect(UserAgentReading(userAgent: iMessage) == UserAgentReading(visitClass: .preview, platform: .other, browser: .other, previewer: .imessage))
        #expect(UserAgentReading(userAgent: "facebookexternalhit/1.1;line-poker/1.0").previewer == .line)
        #expect(UserAgentReading(userAgent: "TelegramBot (like TwitterBot)").previewer == .telegram)
    }

    @Test func signalIsTheBareWhatsAppAgentAndWhatsAppHasAVersion() {
        #expect(UserAgentReading(userAgent: "WhatsApp/2").previewer == .signal)
        #expect(UserAgentReading(userAgent: "WhatsApp").previewer == .signal)
        #expect(UserAgentReading(userAgent: "WhatsApp/2.23.20.0 A").previewer == .whatsapp)
        #expect(UserAgentReading(userAgent: "WhatsApp/2 (compatible; AnytypeBot/1.0; +https://anytype.io/bot)").previewer == .whatsapp)
    }

    @Test func skypesPreviewerIsTeamsOnlyWithTheTeamsToken() {
        #expect(UserAgentReading(userAgent: "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5").previewer == .skype)
        #expect(UserAgentReading(userAgent: "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 Teams").previewer == .teams)
        // The Teams desktop app itself is a person clicking.
        let desktop = UserAgentReading(userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Teams/1.6.00.33567 Chrome/85.0.4183.121 Electron/10.4.7 Safari/537.36")
        #expect(desktop == UserAgentReading(visitClass: .human, platform: .windows, browser: .other))
    }

    @Test func viberPreviewsStartOrEndWithViberAndItsWebViewIsAPerson() {
        #expect(UserAgentReading(userAgent: "Viber/21.0.0.2 CFNetwork/1485 Darwin/23.1.0").previewer == .viber)
        let webView = "Mozilla/5.0 (Linux; Android 13; SM-A546B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Viber/21.0.0.4"
        #expect(UserAgentReading(userAgent: webView) == UserAgentReading(visitClass: .human, platform: .android, browser: .other))
    }

    @Test func botCrawlerAndSpiderMatchInAnyCaseButNotInTheCubotPhoneMaker() {
        #expect(UserAgentReading(userAgent: "Mozilla/5.0 (compatible; SOMEBOT/1.0)").visitClass == .bot)
        #expect(UserAgentReading(userAgent: "Example-Crawler/2.1").visitClass == .bot)
        #expect(UserAgentReading(userAgent: "MySPIDER").visitClass == .bot)
        let cubot = "Mozilla/5.0 (Linux; Android 11; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 Mobile Safari/537.36"
        #expect(UserAgentReading(userAgent: cubot) == UserAgentReading(visitClass: .human, platform: .android, browser: .chrome))
    }

    @Test func inAppTokensWinOverEngineTokensAndEdgeOverChrome() {
        let instagram = "Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (34/14; 480dpi; 1080x2340; samsung; SM-S911B; dm1q; qcom; en_US; 548323757)"
        #expect(UserAgentReading(userAgent: instagram).browser == .instagram)
        // WeChat's MicroMessenger is not Facebook's Messenger.
        #expect(UserAgentReading(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN").browser == .wechat)
        #expect(UserAgentReading(userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0").browser == .edge)
        // Safari needs Version/ as well as Safari/: Chrome on iOS has Safari/ too.
        #expect(UserAgentReading(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1").browser == .chrome)
    }

    @Test func iPadSafariInDesktopModeReadsAsMacOS() {
        let desktopMode = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15"
        #expect(UserAgentReading(userAgent: desktopMode) == UserAgentReading(visitClass: .human, platform: .macos, browser: .safari))
    }

    /// A 100 KB header costs what 512 bytes do: a token after the cap, or across it, is not seen.
    @Test func onlyTheFirst512BytesAreRead() {
        let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 "
        let cap = UserAgentReading.maximumScannedBytes
        #expect(cap == 512)
        let padding = String(repeating: "x", count: cap - chrome.utf8.count)
        let human = UserAgentReading(visitClass: .human, platform: .windows, browser: .chrome)

        let huge = chrome + padding + "Googlebot/2.1 " + String(repeating: "y", count: 100_000)
        #expect(huge.utf8.count > 100_000)
        #expect(UserAgentReading(userAgent: huge) == human)

        let inside = chrome + String(padding.dropLast(3)) + "bot" + String(repeating: "y", count: 100_000)
        #expect(UserAgentReading(userAgent: inside).visitClass == .bot)

        let across = chrome + String(padding.dropLast(2)) + "bot" + String(repeating: "y", count: 100_000)
        #expect(UserAgentReading(userAgent: across) == human)

        let previewAfterCap = chrome + padding + "Slackbot-LinkExpanding 1.0"
        #expect(UserAgentReading(userAgent: previewAfterCap) == human)
    }

    @Test func bytesThatAreNotUTF8OrNotASCIIReadWithoutCrashing() {
        #expect(UserAgentReading(userAgent: "Mozilla/5.0 (iPhone; ü日本; \u{0}\u{7F}) Version/17.0 Safari/604.1").browser == .safari)
        #expect(UserAgentReading(userAgent: "b").visitClass == .human)
        #expect(UserAgentReading(userAgent: "bo").visitClass == .human)
        #expect(UserAgentReading(userAgent: "bot").visitClass == .bot)
    }
}
