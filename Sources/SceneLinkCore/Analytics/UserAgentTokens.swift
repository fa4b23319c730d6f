import SceneLinkText

/// The tokens one pass over a `User-Agent` found: what `UserAgentReading` decides from.
///
/// The pass looks at each byte once and, only where a byte can start a token, compares the
/// bytes that follow in place: no regex, no lowercased copy, no allocation. Tokens are matched
/// case-sensitively, as clients send them, except the generic `bot`, `crawler` and `spider`
/// and `kakaotalk-scrap`, `embedly`, which appear in several cases. A token that runs past the
/// bytes scanned is not found.
struct UserAgentTokens: OptionSet {
    let rawValue: UInt64

    // Previewers.
    static let slack = Self(rawValue: 1 << 0)
    static let facebookHit = Self(rawValue: 1 << 1)
    static let twitterbot = Self(rawValue: 1 << 2)
    static let telegram = Self(rawValue: 1 << 3)
    static let whatsApp = Self(rawValue: 1 << 4)
    static let signal = Self(rawValue: 1 << 5)
    static let linkedInBot = Self(rawValue: 1 << 6)
    static let discord = Self(rawValue: 1 << 7)
    static let skype = Self(rawValue: 1 << 8)
    static let teams = Self(rawValue: 1 << 9)
    static let pinterestBot = Self(rawValue: 1 << 10)
    static let googleSnippet = Self(rawValue: 1 << 11)
    static let mastodon = Self(rawValue: 1 << 12)
    static let viber = Self(rawValue: 1 << 13)
    static let snapPreview = Self(rawValue: 1 << 14)
    static let reddit = Self(rawValue: 1 << 15)
    static let embedly = Self(rawValue: 1 << 16)
    static let iframely = Self(rawValue: 1 << 17)
    static let bluesky = Self(rawValue: 1 << 18)
    static let zoom = Self(rawValue: 1 << 19)
    static let linePoker = Self(rawValue: 1 << 20)
    static let otherPreviewer = Self(rawValue: 1 << 21)
    // Bots.
    static let crawler = Self(rawValue: 1 << 22)
    static let scriptedClient = Self(rawValue: 1 << 23)
    // Platforms.
    static let iOS = Self(rawValue: 1 << 24)
    static let android = Self(rawValue: 1 << 25)
    static let chromeOS = Self(rawValue: 1 << 26)
    static let windows = Self(rawValue: 1 << 27)
    static let mac = Self(rawValue: 1 << 28)
    static let linux = Self(rawValue: 1 << 29)
    // Browsers.
    static let instagram = Self(rawValue: 1 << 30)
    static let messenger = Self(rawValue: 1 << 31)
    static let facebookApp = Self(rawValue: 1 << 32)
    static let tiktok = Self(rawValue: 1 << 33)
    static let lineApp = Self(rawValue: 1 << 34)
    static let wechat = Self(rawValue: 1 << 35)
    static let snapchatApp = Self(rawValue: 1 << 36)
    static let pinterestApp = Self(rawValue: 1 << 37)
    static let linkedInApp = Self(rawValue: 1 << 38)
    static let twitterApp = Self(rawValue: 1 << 39)
    static let gsa = Self(rawValue: 1 << 40)
    static let edge = Self(rawValue: 1 << 41)
    static let opera = Self(rawValue: 1 << 42)
    static let samsung = Self(rawValue: 1 << 43)
    static let ucBrowser = Self(rawValue: 1 << 44)
    static let yandex = Self(rawValue: 1 << 45)
    static let duckduckgo = Self(rawValue: 1 << 46)
    static let vivaldi = Self(rawValue: 1 << 47)
    static let otherBrowser = Self(rawValue: 1 << 48)
    static let webView = Self(rawValue: 1 << 49)
    static let firefox = Self(rawValue: 1 << 50)
    static let chrome = Self(rawValue: 1 << 51)
    static let safari = Self(rawValue: 1 << 52)
    static let version = Self(rawValue: 1 << 53)

    init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The tokens in `bytes`, which the caller has already cut to the bytes it will look at.
    init(scanning bytes: UnsafeBufferPointer<UInt8>) {
        var found: UserAgentTokens = []
        let scan = Scan(bytes: bytes)
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "A"):
                if scan.has("Android", at: i) { found.insert(.android) }
                else if scan.has("Apache-HttpClient", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "a"):
                if scan.has("aiohttp/", at: i) || scan.has("axios/", at: i) { found.insert(.scriptedClient) }
                else if scan.has("anthropic-ai", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "B"), UInt8(ascii: "b"):
                if scan.hasBot(at: i) { found.insert(.crawler) }
                else if scan.has("BytedanceWebview", at: i) { found.insert(.tiktok) }
            case UInt8(ascii: "C"):
                if scan.has("Chrome/", at: i) || scan.has("CriOS/", at: i) || scan.has("Chromium/", at: i) { found.insert(.chrome) }
                else if scan.has("CrOS", at: i) { found.insert(.chromeOS) }
                else if scan.has("Cardyb", at: i) { found.insert(.bluesky) }
                else if scan.has("ChatGPT-User", at: i) || scan.has("Claude-User", at: i) { found.insert(.crawler) }
                else if scan.hasIgnoringCase("crawler", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "c"):
                if scan.has("curl/", at: i) { found.insert(.scriptedClient) }
                else if scan.hasIgnoringCase("crawler", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "D"):
                if scan.has("Discordbot", at: i) { found.insert(.discord) }
                else if scan.has("DuckDuckGo/", at: i) || scan.has("Ddg/", at: i) { found.insert(.duckduckgo) }
                else if scan.has("Dalvik/", at: i) || scan.has("Dart/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "E"), UInt8(ascii: "e"):
                if scan.has("Edg/", at: i) || scan.has("EdgA/", at: i) || scan.has("EdgiOS/", at: i) { found.insert(.edge) }
                else if scan.has("Electron/", at: i) { found.insert(.otherBrowser) }
                else if scan.hasIgnoringCase("embedly", at: i) { found.insert(.embedly) }
            case UInt8(ascii: "F"):
                if scan.has("FBAN/Messenger", at: i) || scan.has("FB_IAB/MESSENGER", at: i) { found.insert(.messenger) }
                else if scan.has("FBAN/", at: i) || scan.has("FBAV/", at: i) || scan.has("FB_IAB/", at: i) { found.insert(.facebookApp) }
                else if scan.has("Firefox/", at: i) || scan.has("FxiOS/", at: i) { found.insert(.firefox) }
                else if scan.has("Facebot", at: i) { found.insert(.facebookHit) }
            case UInt8(ascii: "f"):
                if scan.has("facebookexternalhit", at: i) || scan.has("facebookcatalog", at: i) { found.insert(.facebookHit) }
            case UInt8(ascii: "G"):
                if scan.has("GSA/", at: i) { found.insert(.gsa) }
                else if scan.has("Go-http-client/", at: i) { found.insert(.scriptedClient) }
                else if scan.has("Google-InspectionTool", at: i) || scan.has("Google-Read-Aloud", at: i)
                            || scan.has("GoogleOther", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "H"):
                if scan.has("HeadlessChrome", at: i) { found.insert(.scriptedClient) }
                else if scan.has("HuaweiBrowser", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "h"):
                if scan.has("http.rb/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "I"):
                if scan.has("Instagram", at: i) { found.insert(.instagram) }
                else if scan.has("Iframely", at: i) { found.insert(.iframely) }
            case UInt8(ascii: "i"):
                if scan.has("iPhone", at: i) || scan.has("iPad", at: i) || scan.has("iPod", at: i) { found.insert(.iOS) }
            case UInt8(ascii: "J"):
                if scan.has("Java/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "K"), UInt8(ascii: "k"):
                if scan.hasIgnoringCase("kakaotalk-scrap", at: i) { found.insert(.otherPreviewer) }
            case UInt8(ascii: "L"):
                if scan.has("Linux", at: i) { found.insert(.linux) }
                else if scan.has("Line/", at: i) { found.insert(.lineApp) }
                else if scan.has("LinkedInBot", at: i) { found.insert(.linkedInBot) }
                else if scan.has("LinkedInApp", at: i) { found.insert(.linkedInApp) }
                else if scan.has("Lighthouse", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "l"):
                if scan.has("line-poker", at: i) { found.insert(.linePoker) }
                else if scan.has("libwww-perl", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "M"):
                if scan.has("Macintosh", at: i) || scan.has("Mac OS X", at: i) { found.insert(.mac) }
                else if scan.has("MicroMessenger", at: i) { found.insert(.wechat) }
                else if scan.has("Mastodon/", at: i) { found.insert(.mastodon) }
                else if scan.has("MiuiBrowser", at: i) { found.insert(.otherBrowser) }
                else if scan.has("Mediapartners-Google", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "m"):
                if scan.has("musical_ly", at: i) { found.insert(.tiktok) }
                else if scan.has("meta-externalagent", at: i) || scan.has("meta-externalfetcher", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "n"):
                if scan.has("node-fetch", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "O"):
                if scan.has("OPR/", at: i) || scan.has("OPiOS/", at: i) || scan.has("OPT/", at: i) || scan.has("Opera", at: i) {
                    found.insert(.opera)
                } else if scan.has("Orca-Android", at: i) { found.insert(.messenger) }
                else if scan.has("OculusBrowser", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "o"):
                if scan.has("okhttp/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "P"):
                if scan.has("Pinterestbot", at: i) || scan.has("Pinterest/0.", at: i) { found.insert(.pinterestBot) }
                else if scan.has("PostmanRuntime/", at: i) || scan.has("Python-urllib/", at: i) || scan.has("PhantomJS", at: i) {
                    found.insert(.scriptedClient)
                } else if scan.has("Perplexity-User", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "p"):
                if scan.has("python-requests/", at: i) || scan.has("python-httpx/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "Q"):
                if scan.has("QQBrowser", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "r"):
                if scan.has("redditbot", at: i) { found.insert(.reddit) }
            case UInt8(ascii: "S"):
                if scan.has("Safari/", at: i) { found.insert(.safari) }
                else if scan.has("Slackbot", at: i) || scan.has("Slack-ImgProxy", at: i) { found.insert(.slack) }
                else if scan.has("SkypeUriPreview", at: i) { found.insert(.skype) }
                else if scan.has("SamsungBrowser", at: i) { found.insert(.samsung) }
                else if scan.has("Snap URL Preview Service", at: i) { found.insert(.snapPreview) }
                else if scan.has("Snapchat", at: i) { found.insert(.snapchatApp) }
                else if scan.has("Silk/", at: i) { found.insert(.otherBrowser) }
                else if scan.has("Scrapy", at: i) { found.insert(.scriptedClient) }
                else if scan.has("Slurp", at: i) { found.insert(.crawler) }
                else if scan.hasIgnoringCase("spider", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "s"):
                if scan.hasIgnoringCase("spider", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "T"):
                if scan.has("TelegramBot", at: i) { found.insert(.telegram) }
                else if scan.has("Twitterbot", at: i) { found.insert(.twitterbot) }
                else if scan.has("Twitter for i", at: i) || scan.has("TwitterAndroid", at: i) { found.insert(.twitterApp) }
                else if scan.has("Teams", at: i) { found.insert(.teams) }
                else if scan.has("TikTok", at: i) { found.insert(.tiktok) }
            case UInt8(ascii: "t"):
                if scan.has("trill_", at: i) { found.insert(.tiktok) }
            case UInt8(ascii: "U"):
                if scan.has("UCBrowser", at: i) || scan.has("UCWEB", at: i) { found.insert(.ucBrowser) }
            case UInt8(ascii: "u"):
                if scan.has("undici", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "V"):
                if scan.has("Version/", at: i) { found.insert(.version) }
                else if scan.has("Vivaldi/", at: i) { found.insert(.vivaldi) }
                // Viber's own fetches start or end with it; its WebView has it in the middle.
                else if scan.has("Viber", at: i), i == 0 || i + 5 == bytes.count { found.insert(.viber) }
            case UInt8(ascii: "v"):
                if scan.has("vkShare", at: i) { found.insert(.otherPreviewer) }
            case UInt8(ascii: "W"):
                if scan.has("Windows", at: i) { found.insert(.windows) }
                else if scan.has("WhatsApp", at: i) {
                    // Signal sends exactly this, so that sites answer it as they answer WhatsApp.
                    let signal = i == 0 && (bytes.count == 8 || (bytes.count == 10 && scan.has("/2", at: 8)))
                    found.insert(signal ? .signal : .whatsApp)
                } else if scan.has("Wget/", at: i) { found.insert(.scriptedClient) }
                else if scan.has("Whale/", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "Y"):
                if scan.has("YaBrowser", at: i) || scan.has("YaSearchBrowser", at: i) { found.insert(.yandex) }
            case UInt8(ascii: "Z"):
                if scan.has("ZoomBot", at: i) { found.insert(.zoom) }
                else if scan.has("ZulipURLPreview", at: i) { found.insert(.otherPreviewer) }
            case UInt8(ascii: "["):
                if scan.has("[Pinterest/", at: i) { found.insert(.pinterestApp) }
            case UInt8(ascii: "+"):
                if scan.has("+/web/snippet", at: i) { found.insert(.googleSnippet) }
            case UInt8(ascii: ";"):
                if scan.has("; wv)", at: i) { found.insert(.webView) }
            default:
                break
            }
            i += 1
        }
        self = found
    }

    /// Comparisons at a position of the bytes scanned.
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>

        /// Whether `token` starts at `index`, byte for byte.
        @inline(__always)
        func has(_ token: StaticString, at index: Int) -> Bool {
            let count = token.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = token.utf8Start
            var offset = 0
            while offset < count {
                if bytes[index + offset] != start[offset] { return false }
                offset += 1
            }
            return true
        }

        /// Whether `lowercase` (a token written in lower case) starts at `index`, in any ASCII case.
        @inline(__always)
        func hasIgnoringCase(_ lowercase: StaticString, at index: Int) -> Bool {
            let count = lowercase.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = lowercase.utf8Start
            var offset = 0
            while offset < count {
                if ASCIICase.lowercased(bytes[index + offset]) != start[offset] { return false }
                offset += 1
            }
            return true
        }

        /// Whether `bot` in any case starts at `index`, except in `Cubot`, an Android phone maker
        /// whose model names (`CUBOT_X30`) phones send.
        @inline(__always)
        func hasBot(at index: Int) -> Bool {
            guard hasIgnoringCase("bot", at: index) else { return false }
            return index < 2 || !hasIgnoringCase("cu", at: index - 2)
        }
    }
}
