import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// A link page in the visitor's language, in the team's theme, and inert whatever the route
/// file's translations hold.
@Suite struct LinkPageLanguageTests {
    static let file = """
    {"app": {"name": "FuelMoney", "schemes": ["fuelmoney"], "hosts": ["fuelmoney.example.com"],
             "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.fuelmoney"], "appStoreID": "42"},
             "fallback": {"web": "https://www.fuelmoney.example.com/"},
             "localized": {"ja": {"name": "フューエルマネー"}}
             PAGES},
     "routes": [
       {"name": "settings", "path": "/settings",
        "preview": {"title": "Settings", "description": "Your settings.",
                    "localized": {"ja": {"title": "TITLE", "description": "あなたの設定。"}}},
        "push": []},
       {"name": "item", "path": "/items/{id:Int}", "preview": {"title": "Item {id}", "localized": {"ko": {"title": "항목 {id}"}}},
        "push": []}
     ]}
    """

    static func table(title: String = "設定", pages: String = "") throws -> RouteTable {
        let json = file.replacingOccurrences(of: "TITLE", with: title).replacingOccurrences(of: "PAGES", with: pages)
        return try RouteTable(routeFile: Array(json.utf8))
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private func page(_ link: String, acceptLanguage: String?, userAgent: String? = nil, table: RouteTable? = nil) throws -> HTTPResponse {
        let table = try table ?? Self.table()
        let outcome = Result { () throws(ResolveError) in try table.resolve(link) }
        return LinkPage(table: table).response(for: outcome, accept: "text/html", userAgent: userAgent, acceptLanguage: acceptLanguage)
    }

    @Test func aJapaneseBrowserGetsTheJapanesePage() throws {
        let response = try page("https://fuelmoney.example.com/settings", acceptLanguage: "ja-JP,ja;q=0.9,en-US;q=0.8",
                                userAgent: LinkPlatformTests.iPhone)
        let html = text(response)
        #expect(html.hasPrefix(#"<!doctype html><html lang="ja">"#))
        #expect(response.headers["Content-Language"] == "ja")
        #expect(html.contains(#"<meta property="og:locale" content="ja_JP">"#))
        #expect(html.contains("<title>設定 · フューエルマネー</title>"))
        #expect(html.contains(#"<meta property="og:description" content="あなたの設定。">"#))
        #expect(html.contains(#"class="open" id="open">アプリで開く</a>"#))
        #expect(html.contains(">App Storeでフューエルマネーを入手</a>"))
    }

    @Test func aLanguageWithoutTranslationsGetsItsOwnWordsAndTheDefaultPreview() throws {
        let response = try page("https://fuelmoney.example.com/settings", acceptLanguage: "fr-FR,fr;q=0.9", userAgent: LinkPlatformTests.desktop)
        let html = text(response)
        #expect(html.hasPrefix(#"<!doctype html><html lang="fr">"#) && response.headers["Content-Language"] == "fr")
        #expect(html.contains("<title>Settings · FuelMoney</title>"))
        #expect(html.contains(">Ouvrir dans l’app</a>") && html.contains("<figcaption>Scannez avec l’appareil photo de votre téléphone</figcaption>"))
        #expect(html.contains(#"<meta property="og:locale" content="fr_FR">"#))
    }

    @Test func aPageWithParametersIsTranslatedToo() throws {
        let html = text(try page("https://fuelmoney.example.com/items/7", acceptLanguage: "ko-KR,ko;q=0.9"))
        #expect(html.contains("<h1>항목 7</h1>") && html.contains(#"<html lang="ko">"#))
    }

    /// A link previewer sends no Accept-Language: the route file's default language.
    @Test func aPreviewerGetsTheDefaultLanguage() throws {
        let slackbot = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
        #expect(text(try page("https://fuelmoney.example.com/settings", acceptLanguage: nil, userAgent: slackbot)).contains(#"<html lang="en">"#))
        let japanese = try Self.table(pages: #", "pages": {"defaultLanguage": "ja"}"#)
        let response = try page("https://fuelmoney.example.com/settings", acceptLanguage: nil, userAgent: slackbot, table: japanese)
        #expect(response.headers["Content-Language"] == "ja")
        #expect(text(response).contains("<title>設定 · フューエルマネー</title>"))
        // Asking is answered, default or not.
        let english = try page("https://fuelmoney.example.com/settings", acceptLanguage: "en", userAgent: slackbot, table: japanese)
        #expect(english.headers["Content-Language"] == "en")
    }

    /// The hostile title of the issue: every byte of it escaped, no element made of it.
    @Test func aHostileJapaneseTitleMakesAnInertPage() throws {
        let hostile = #"</title><script>alert(1)</script>"#
        let table = try Self.table(title: hostile.replacingOccurrences(of: "\"", with: "\\\""))
        for platform in [LinkPlatformTests.iPhone, LinkPlatformTests.android, LinkPlatformTests.desktop] {
            let html = text(try page("https://fuelmoney.example.com/settings", acceptLanguage: "ja", userAgent: platform, table: table))
            #expect(!html.contains("<script>") && html.components(separatedBy: "</title>").count == 2, "\(platform)")
            #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · フューエルマネー</title>"))
            #expect(html.contains(#"<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#))
            #expect(html.contains("<h1>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        }
        // The claim page of the same route keeps only its own script, allowed by its hash.
        let page = LinkPage(table: table)
        let link = try table.resolve("https://fuelmoney.example.com/settings")
        let claim = LinkPageClaim(token: ClaimToken.random(id: 1), code: ClaimCodeCipher.random.code(forClaim: 1), host: "fuelmoney.example.com")
        let html = text(page.claimPage(link, platform: .ios, language: .ja, claim: claim))
        #expect(html.components(separatedBy: "<script>").count == 2 && html.contains("<script>" + LinkPage.claimScript + "</script>"))
        #expect(html.contains("アプリでこのコードを入力してください："))
        #expect(html.contains(#"data-copied="コピーしました""#))
    }

    @Test func aThemeIsInTheHashedStyleSheetAndItsLogoInImgSrc() throws {
        let theme = ##", "pages": {"theme": {"accent": "#0b57d0", "background": "#ffffff", "text": "#1f1f1f", "logo": "https://cdn.fuelmoney.example.com/logo.png?v=2"}}"##
        let table = try Self.table(pages: theme)
        let response = try page("https://fuelmoney.example.com/settings", acceptLanguage: "ja", userAgent: LinkPlatformTests.desktop, table: table)
        let html = text(response)
        let style = LinkPageStyle(theme: table.pages.theme)
        #expect(style.styleSheet.contains(".open{background:#0b57d0;color:#ffffff}"))
        #expect(html.contains("<style>" + style.styleSheet + "</style>"))
        let policy = try #require(response.headers["Content-Security-Policy"])
        #expect(policy == "default-src 'none'; img-src https://cdn.fuelmoney.example.com; style-src " + HTMLDocument.styleSource(style.styleSheet)
            + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        #expect(!policy.contains("unsafe-inline") && policy != LinkPage.contentSecurityPolicy)
        #expect(html.contains(#"<img src="https://cdn.fuelmoney.example.com/logo.png?v=2" alt="フューエルマネー" class="logo">"#))
        // A claim page's policy: the same sheet and images, and the copy script.
        let claimPolicy = style.claimContentSecurityPolicy
        #expect(claimPolicy.contains("img-src https://cdn.fuelmoney.example.com; style-src " + HTMLDocument.styleSource(style.styleSheet)))
        #expect(claimPolicy.contains("script-src " + HTMLDocument.styleSource(LinkPage.claimScript)))
        // Without a theme: SceneLink's own sheet and policy, as before.
        let plain = try page("https://fuelmoney.example.com/settings", acceptLanguage: "ja", table: Self.table())
        #expect(plain.headers["Content-Security-Policy"] == LinkPage.contentSecurityPolicy && !text(plain).contains("<img"))
    }

    @Test func noticesSpeakTheLanguageToo() throws {
        let response = try page("https://fuelmoney.example.com/nowhere", acceptLanguage: "de-DE,de;q=0.9")
        #expect(response.status == .notFound && response.headers["Content-Language"] == "de")
        let html = text(response)
        #expect(html.contains("<h1>Dieser Link öffnet nichts</h1>") && html.contains(">Zur Website von FuelMoney</a>"))
    }
}
