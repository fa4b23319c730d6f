/// What click analytics keeps of a visit's `User-Agent`: who sent it (a person, a link
/// previewer or a bot), and for a person the platform and the browser. The header itself is
/// read in memory and forgotten.
///
/// The reading runs on every short-link follow and link page, so it costs one pass over at
/// most `maximumScannedBytes` bytes of the header, comparing bytes in place: no regex, no
/// Foundation, no lowercased copy, no allocation (`UserAgentTokens` does the pass). Measured
/// under callgrind in an `-O` build: about 2,200 instructions for a mainstream browser's
/// 115-byte `User-Agent`. A token
/// past the first `maximumScannedBytes` bytes is not seen, so a 100 KB header costs what a
/// 512-byte one does; real ones are 10 to 400 bytes.
///
/// Precedence, first match wins:
/// 1. A link previewer's token → `preview`, with the `Previewer` its doc comment's order
///    picks. Previewers come first because several carry bot or client tokens too
///    (`LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient …)`, Mastodon's
///    `http.rb/…`, iMessage's Safari UA with `facebookexternalhit` and `Twitterbot`).
/// 2. No `User-Agent`, an empty one or only spaces, a crawler (a word ending in `bot`,
///    `crawler` or `spider` in any case, except the phone maker `Cubot`; `Slurp`, `Mediapartners-Google`,
///    `Google-InspectionTool`, `ChatGPT-User`, `meta-externalagent`…) or a scripted client
///    (`curl/`, `Wget/`, `python-requests/`, `Python-urllib/`, `aiohttp/`, `python-httpx/`,
///    `Go-http-client/`, `okhttp/`, `Java/`, `Apache-HttpClient`, `node-fetch`, `axios/`,
///    `undici`, `PostmanRuntime/`, `HeadlessChrome`, `Lighthouse`, `Dalvik/`, `http.rb/`…)
///    → `bot`.
/// 3. Anything else → `human`, with the `VisitPlatform` and `BrowserFamily` their doc
///    comments' orders pick.
///
/// A preview or a bot gets platform `other` and browser `other`: it is not a visitor's device,
/// and the Safari or Chrome it claims is a disguise that would inflate those counts.
///
/// ```swift
/// let reading = UserAgentReading(userAgent: request.headers["User-Agent"])
/// // "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
/// // → visitClass .preview, previewer .slack, platform .other, browser .other
/// ```
public struct UserAgentReading: Sendable, Hashable {
    /// The most bytes of a `User-Agent` looked at.
    public static let maximumScannedBytes = 512

    public var visitClass: VisitClass
    public var platform: VisitPlatform
    public var browser: BrowserFamily
    /// The unfurler, for a `preview`; nil otherwise.
    public var previewer: Previewer?

    public init(visitClass: VisitClass, platform: VisitPlatform, browser: BrowserFamily, previewer: Previewer? = nil) {
        self.visitClass = visitClass
        self.platform = platform
        self.browser = browser
        self.previewer = previewer
    }

    /// Reads a `User-Agent` field value; nil when the request had none.
    public init(userAgent: String?) {
        guard var userAgent else {
            self.init(visitClass: .bot, platform: .other, browser: .other)
            return
        }
        // `withUTF8` gives native strings' bytes in place (a bridged one is made native once).
        let tokens: UserAgentTokens? = userAgent.withUTF8 { bytes in
            let scanned = UnsafeBufferPointer(rebasing: bytes.prefix(Self.maximumScannedBytes))
            guard scanned.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return nil }
            return UserAgentTokens(scanning: scanned)
        }
        guard let tokens else {
            self.init(visitClass: .bot, platform: .other, browser: .other)
            return
        }
        if tokens.contains(.anyPreviewer), let previewer = Self.previewer(tokens) {
            self.init(visitClass: .preview, platform: .other, browser: .other, previewer: previewer)
        } else if tokens.contains(.crawler) || tokens.contains(.scriptedClient) {
            self.init(visitClass: .bot, platform: .other, browser: .other)
        } else {
            self.init(visitClass: .human, platform: Self.platform(tokens), browser: Self.browser(tokens))
        }
    }

    /// The previewer the tokens name, in the order `Previewer` documents.
    static func previewer(_ tokens: UserAgentTokens) -> Previewer? {
        if tokens.contains(.facebookHit) && tokens.contains(.twitterbot) { return .imessage }
        if tokens.contains(.linePoker) { return .line }
        if tokens.contains(.telegram) { return .telegram }
        if tokens.contains(.skype) { return tokens.contains(.teams) ? .teams : .skype }
        if tokens.contains(.slack) { return .slack }
        if tokens.contains(.signal) { return .signal }
        if tokens.contains(.whatsApp) { return .whatsapp }
        if tokens.contains(.linkedInBot) { return .linkedin }
        if tokens.contains(.discord) { return .discord }
        if tokens.contains(.pinterestBot) { return .pinterest }
        if tokens.contains(.googleSnippet) { return .google }
        if tokens.contains(.mastodon) { return .mastodon }
        if tokens.contains(.viber) { return .viber }
        if tokens.contains(.snapPreview) { return .snapchat }
        if tokens.contains(.reddit) { return .reddit }
        if tokens.contains(.embedly) { return .embedly }
        if tokens.contains(.iframely) { return .iframely }
        if tokens.contains(.bluesky) { return .bluesky }
        if tokens.contains(.zoom) { return .zoom }
        if tokens.contains(.otherPreviewer) { return .other }
        if tokens.contains(.facebookHit) { return .facebook }
        if tokens.contains(.twitterbot) { return .twitter }
        return nil
    }

    /// The platform the tokens name, in the order `VisitPlatform` documents.
    static func platform(_ tokens: UserAgentTokens) -> VisitPlatform {
        if tokens.contains(.iOS) { return .ios }
        if tokens.contains(.android) { return .android }
        if tokens.contains(.chromeOS) { return .chromeos }
        if tokens.contains(.windows) { return .windows }
        if tokens.contains(.mac) { return .macos }
        if tokens.contains(.linux) { return .linux }
        return .other
    }

    /// The browser the tokens name, in the order `BrowserFamily` documents.
    static func browser(_ tokens: UserAgentTokens) -> BrowserFamily {
        if tokens.contains(.instagram) { return .instagram }
        if tokens.contains(.messenger) { return .messenger }
        if tokens.contains(.facebookApp) { return .facebook }
        if tokens.contains(.tiktok) { return .tiktok }
        if tokens.contains(.lineApp) { return .line }
        if tokens.contains(.wechat) { return .wechat }
        if tokens.contains(.snapchatApp) { return .snapchat }
        if tokens.contains(.pinterestApp) { return .pinterest }
        if tokens.contains(.linkedInApp) { return .linkedin }
        if tokens.contains(.twitterApp) { return .twitter }
        if tokens.contains(.gsa) { return .gsa }
        if tokens.contains(.edge) { return .edge }
        if tokens.contains(.opera) { return .opera }
        if tokens.contains(.samsung) { return .samsungInternet }
        if tokens.contains(.ucBrowser) { return .ucBrowser }
        if tokens.contains(.yandex) { return .yandex }
        if tokens.contains(.duckduckgo) { return .duckduckgo }
        if tokens.contains(.vivaldi) { return .vivaldi }
        if tokens.contains(.otherBrowser) || tokens.contains(.webView) { return .other }
        if tokens.contains(.firefox) { return .firefox }
        if tokens.contains(.chrome) { return .chrome }
        if tokens.contains(.version) && tokens.contains(.safari) { return .safari }
        return .other
    }
}
