/// The tokens one pass over a `User-Agent` found: what `UserAgentReading` decides from.
///
/// The pass splits the bytes into words at a space, `(`, `)`, `,`, `-`, `/` or `;` and looks
/// at each byte once, with one comparison for a byte inside a word. Named tokens are compared
/// where a word starts, as clients write them, case-sensitively. A word ending in `bot`,
/// `crawler` or `spider` in any case (`Googlebot`, `AdsBot-Google`, `Baiduspider`, `SOMEBOT`) is
/// a crawler, except `Cubot`, a phone maker. No regex, no lowercased copy, no allocation. A
/// token that runs past the bytes scanned is not found; a word the cap cuts ends there.
struct UserAgentTokens {
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
    /// Every previewer's token above.
    static let anyPreviewer = Self(rawValue: (1 << 22) - 1)
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

    @inline(__always)
    func contains(_ token: UserAgentTokens) -> Bool { rawValue & token.rawValue != 0 }

    @inline(__always)
    mutating func insert(_ token: UserAgentTokens) { self = UserAgentTokens(rawValue: rawValue | token.rawValue) }

    /// The tokens in `bytes`, which the caller has already cut to the bytes it will look at.
    init(scanning bytes: UnsafeBufferPointer<UInt8>) {
        var found = UserAgentTokens(rawValue: 0)
        let scan = Scan(bytes: bytes)
        let count = bytes.count
        var wordStart = 0
        var i = 0
        while i < count {
            if !Self.isDelimiter(bytes[i]) {
                let first = bytes[i]
                let next = first == UInt8(ascii: "M") || first == UInt8(ascii: "A") ? scan.skippingBoilerplate(at: i) : i
                if next > i {
                    i = next
                    wordStart = i
                    continue
                }
                scan.findWord(at: i, first: first, into: &found)
                // The rest of the word: one comparison a byte.
                i += 1
                while i < count, !Self.isDelimiter(bytes[i]) { i += 1 }
                if scan.endsLikeACrawler(wordStart..<i) { found.insert(.crawler) }
            }
            i += 1
            wordStart = i
        }
        self = found
    }

    /// Whether `byte` ends a word: a space, `(`, `)`, `,`, `-`, `/` or `;`.
    @inline(__always)
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte < 64 && (delimiters >> byte) & 1 == 1
    }

    private static let delimiters: UInt64 = 1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2C | 1 << 0x2D | 1 << 0x2F | 1 << 0x3B

    /// Comparisons at a position of the bytes scanned.
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>

        /// Whether the word in `range` ends in `bot` (not `cubot`), `crawler` or `spider`, in any case.
        @inline(__always)
        func endsLikeACrawler(_ range: Range<Int>) -> Bool {
            let end = range.upperBound, length = range.count
            if length >= 3, hasIgnoringCase("bot", at: end - 3) { return !(length >= 5 && hasIgnoringCase("cu", at: end - 5)) }
            return (length >= 6 && hasIgnoringCase("spider", at: end - 6)) || (length >= 7 && hasIgnoringCase("crawler", at: end - 7))
        }

        /// Where the next word starts when `index` starts one of the phrases nearly every browser
        /// sends and no token hides in (`Mozilla/5.0 `, `AppleWebKit/VERSION (KHTML, like Gecko) `);
        /// `index` otherwise. `(KHTML, like Gecko; compatible; GPTBot…)` is not skipped.
        @inline(__always)
        func skippingBoilerplate(at index: Int) -> Int {
            if has("Mozilla/5.0 ", at: index) { return index + 12 }
            guard has("AppleWebKit/", at: index) else { return index }
            var end = index + 12
            while end < bytes.count, bytes[end] == UInt8(ascii: ".") || (bytes[end] >= 48 && bytes[end] <= 57) { end += 1 }
            return has(" (KHTML, like Gecko) ", at: end) ? end + 21 : index
        }

        /// Inserts the named token that starts at `index`, the start of a word, if any.
        @inline(__always)
        func findWord(at i: Int, first: UInt8, into found: inout UserAgentTokens) {
            switch first {
            case UInt8(ascii: "A"):
                if has("Android", at: i) { found.insert(.android) }
                else if has("Apache-HttpClient", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "a"):
                if has("aiohttp/", at: i) || has("axios/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "B"):
                if has("BytedanceWebview", at: i) { found.insert(.tiktok) }
            case UInt8(ascii: "C"):
                if has("Chrome/", at: i) || has("CriOS/", at: i) || has("Chromium/", at: i) { found.insert(.chrome) }
                else if has("CrOS", at: i) { found.insert(.chromeOS) }
                else if has("Cardyb", at: i) { found.insert(.bluesky) }
                else if has("ChatGPT-User", at: i) || has("Claude-User", at: i) { found.insert(.crawler) }
                else if has("Chrome-Lighthouse", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "c"):
                if has("curl/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "D"):
                if has("Discordbot", at: i) { found.insert(.discord) }
                else if has("DuckDuckGo/", at: i) || has("Ddg/", at: i) { found.insert(.duckduckgo) }
                else if has("Dalvik/", at: i) || has("Dart/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "E"):
                if has("Edg/", at: i) || has("EdgA/", at: i) || has("EdgiOS/", at: i) { found.insert(.edge) }
                else if has("Electron/", at: i) { found.insert(.otherBrowser) }
                else if has("Embedly", at: i) { found.insert(.embedly) }
            case UInt8(ascii: "F"):
                if has("FBAN/Messenger", at: i) || has("FB_IAB/MESSENGER", at: i) { found.insert(.messenger) }
                else if has("FBAN/", at: i) || has("FBAV/", at: i) || has("FB_IAB/", at: i) { found.insert(.facebookApp) }
                else if has("Firefox/", at: i) || has("FxiOS/", at: i) { found.insert(.firefox) }
                else if has("Facebot", at: i) { found.insert(.facebookHit) }
            case UInt8(ascii: "f"):
                if has("facebookexternalhit", at: i) || has("facebookcatalog", at: i) { found.insert(.facebookHit) }
            case UInt8(ascii: "G"):
                if has("GSA/", at: i) { found.insert(.gsa) }
                else if has("Go-http-client/", at: i) { found.insert(.scriptedClient) }
                else if has("Google-InspectionTool", at: i) || has("Google-Read-Aloud", at: i)
                        || has("GoogleOther", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "H"):
                if has("HeadlessChrome", at: i) { found.insert(.scriptedClient) }
                else if has("HuaweiBrowser", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "h"):
                if has("http.rb/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "I"):
                if has("Instagram", at: i) { found.insert(.instagram) }
                else if has("Iframely", at: i) { found.insert(.iframely) }
            case UInt8(ascii: "i"):
                if has("iPhone", at: i) || has("iPad", at: i) || has("iPod", at: i) { found.insert(.iOS) }
            case UInt8(ascii: "J"):
                if has("Java/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "k"):
                if has("kakaotalk-scrap", at: i) { found.insert(.otherPreviewer) }
            case UInt8(ascii: "L"):
                if has("Linux", at: i) { found.insert(.linux) }
                else if has("Line/", at: i) { found.insert(.lineApp) }
                else if has("LinkedInBot", at: i) { found.insert(.linkedInBot) }
                else if has("LinkedInApp", at: i) { found.insert(.linkedInApp) }
                else if has("Lighthouse", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "l"):
                if has("line-poker", at: i) { found.insert(.linePoker) }
                else if has("libwww-perl", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "M"):
                if has("Macintosh", at: i) || has("Mac OS X", at: i) { found.insert(.mac) }
                else if has("MicroMessenger", at: i) { found.insert(.wechat) }
                else if has("Mastodon/", at: i) { found.insert(.mastodon) }
                else if has("MiuiBrowser", at: i) { found.insert(.otherBrowser) }
                else if has("Mediapartners-Google", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "m"):
                if has("musical_ly", at: i) { found.insert(.tiktok) }
                else if has("meta-externalagent", at: i) || has("meta-externalfetcher", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "n"):
                if has("node-fetch", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "O"):
                if has("OPR/", at: i) || has("OPiOS/", at: i) || has("OPT/", at: i) || has("Opera", at: i) {
                    found.insert(.opera)
                } else if has("Orca-Android", at: i) { found.insert(.messenger) }
                else if has("OculusBrowser", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "o"):
                if has("okhttp/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "P"):
                if has("Pinterestbot", at: i) || has("Pinterest/0.", at: i) { found.insert(.pinterestBot) }
                else if has("Pinterest/iOS", at: i) || has("Pinterest/Android", at: i) { found.insert(.pinterestApp) }
                else if has("PostmanRuntime/", at: i) || has("Python-urllib/", at: i) || has("PhantomJS", at: i) {
                    found.insert(.scriptedClient)
                } else if has("Perplexity-User", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "p"):
                if has("python-requests/", at: i) || has("python-httpx/", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "Q"):
                if has("QQBrowser", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "r"):
                if has("redditbot", at: i) { found.insert(.reddit) }
            case UInt8(ascii: "S"):
                if has("Safari/", at: i) { found.insert(.safari) }
                else if has("Slackbot", at: i) || has("Slack-ImgProxy", at: i) { found.insert(.slack) }
                else if has("SkypeUriPreview", at: i) { found.insert(.skype) }
                else if has("SamsungBrowser", at: i) { found.insert(.samsung) }
                else if has("Snap URL Preview Service", at: i) { found.insert(.snapPreview) }
                else if has("Snapchat", at: i) { found.insert(.snapchatApp) }
                else if has("Silk/", at: i) { found.insert(.otherBrowser) }
                else if has("Scrapy", at: i) { found.insert(.scriptedClient) }
                else if has("Slurp", at: i) { found.insert(.crawler) }
            case UInt8(ascii: "T"):
                if has("TelegramBot", at: i) { found.insert(.telegram) }
                else if has("Twitterbot", at: i) { found.insert(.twitterbot) }
                else if has("Twitter for i", at: i) || has("TwitterAndroid", at: i) { found.insert(.twitterApp) }
                else if has("Teams", at: i) { found.insert(.teams) }
                else if has("TikTok", at: i) { found.insert(.tiktok) }
            case UInt8(ascii: "t"):
                if has("trill_", at: i) { found.insert(.tiktok) }
            case UInt8(ascii: "U"):
                if has("UCBrowser", at: i) || has("UCWEB", at: i) { found.insert(.ucBrowser) }
            case UInt8(ascii: "u"):
                if has("undici", at: i) { found.insert(.scriptedClient) }
            case UInt8(ascii: "V"):
                if has("Version/", at: i) { found.insert(.version) }
                else if has("Vivaldi/", at: i) { found.insert(.vivaldi) }
                // Viber's own fetches start or end with it; its WebView has it in the middle.
                else if has("Viber", at: i), i == 0 || i + 5 == bytes.count { found.insert(.viber) }
            case UInt8(ascii: "v"):
                if has("vkShare", at: i) { found.insert(.otherPreviewer) }
            case UInt8(ascii: "W"):
                if has("Windows", at: i) { found.insert(.windows) }
                else if has("WhatsApp", at: i) {
                    // Signal sends exactly this, so that sites answer it as they answer WhatsApp.
                    let signal = i == 0 && (bytes.count == 8 || (bytes.count == 10 && has("/2", at: 8)))
                    found.insert(signal ? .signal : .whatsApp)
                } else if has("Wget/", at: i) { found.insert(.scriptedClient) }
                else if has("Whale/", at: i) { found.insert(.otherBrowser) }
            case UInt8(ascii: "Y"):
                if has("YaBrowser", at: i) || has("YaSearchBrowser", at: i) { found.insert(.yandex) }
            case UInt8(ascii: "Z"):
                if has("ZoomBot", at: i) { found.insert(.zoom) }
                else if has("ZulipURLPreview", at: i) { found.insert(.otherPreviewer) }
            case UInt8(ascii: "["):
                if has("[FBAN/Messenger", at: i) || has("[FB_IAB/MESSENGER", at: i) { found.insert(.messenger) }
                else if has("[FBAN/", at: i) || has("[FB_IAB/", at: i) { found.insert(.facebookApp) }
                else if has("[Pinterest/", at: i) { found.insert(.pinterestApp) }
                else if has("[LinkedInApp]", at: i) { found.insert(.linkedInApp) }
            case UInt8(ascii: "+"):
                if has("+/web/snippet", at: i) { found.insert(.googleSnippet) }
            case UInt8(ascii: "w"):
                if has("wv)", at: i) { found.insert(.webView) }
            default:
                break
            }
        }

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

        /// Whether `lowercase`, lower-case letters only, starts at `index` in any case.
        @inline(__always)
        func hasIgnoringCase(_ lowercase: StaticString, at index: Int) -> Bool {
            let count = lowercase.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = lowercase.utf8Start
            var offset = 0
            while offset < count {
                // `| 0x20` lowers an ASCII capital and leaves a lower-case letter as it is.
                if bytes[index + offset] | 0x20 != start[offset] { return false }
                offset += 1
            }
            return true
        }
    }
}
