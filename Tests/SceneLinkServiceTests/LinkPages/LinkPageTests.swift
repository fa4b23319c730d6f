import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct LinkPageTests {
    static let fingerprint = (0 ..< 32).map { _ in "AB" }.joined(separator: ":")
    /// Recipes with a String parameter in the preview, a route without preview, and every fallback.
    static let file = """
    {"app": {"name": "Recipes", "schemes": ["recipes"], "hosts": ["recipes.example.com", "r.example.org"],
             "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.recipes"], "appStoreID": "42"},
             "android": {"package": "com.example.recipes", "sha256CertFingerprints": ["\(fingerprint)"]},
             "fallback": {"web": "https://www.example.com/"}},
     "routes": [
       {"name": "recipe", "path": "/recipes/{id:String}",
        "preview": {"title": "Recipe {id}", "description": "Cook {id} tonight", "image": "https://img.example.com/{id}.png"},
        "fallback": {"web": "https://www.example.com/recipes/{id}"},
        "push": [{"type": "String", "value": "{id}"}]},
       {"name": "about", "path": "/about", "push": []}
     ]}
    """

    static func table() throws -> RouteTable { try RouteTable(routeFile: Array(file.utf8)) }

    private func page(_ link: String, platform: LinkPlatform = .web, format: LinkPageFormat = .html) throws -> HTTPResponse {
        let table = try Self.table()
        let outcome = Result { () throws(ResolveError) in try table.resolve(link) }
        return LinkPage(table: table).response(for: outcome, format: format, platform: platform, language: .en)
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func aRouteWithoutParametersIsRenderedAtItsFirstViewAndKept() throws {
        let table = try Self.table()
        let pages = LinkPage(table: table)
        let link = try table.resolve("https://recipes.example.com/about")
        let rendered = pages.render(link, platform: .ios, language: .ja)
        let first = try #require(pages.constantPage(route: "about", platform: .ios, language: .ja))
        let second = try #require(pages.constantPage(route: "about", platform: .ios, language: .ja))
        #expect(first.page.body == rendered.body)
        #expect(second.page.body == rendered.body)
        #expect(first.outcome == .appStore)
        // A route with parameters has no page of its own: each link's is rendered.
        #expect(pages.constantPage(route: "recipe", platform: .ios, language: .ja) == nil)
    }

    @Test func withNoRoomToKeepPagesEveryViewStillGetsTheSamePage() throws {
        let table = try Self.table()
        let kept = LinkPage(table: table)
        let unkept = LinkPage(table: table, byteLimit: 0)
        for platform in LinkPlatform.allCases {
            let expected = try #require(kept.constantPage(route: "about", platform: platform, language: .en))
            for _ in 0..<2 {
                let answer = try #require(unkept.constantPage(route: "about", platform: platform, language: .en))
                #expect(answer.page.body == expected.page.body)
                #expect(answer.outcome == expected.outcome)
            }
        }
        // A claim template takes two renderings to make: with no room to keep it, none is made and
        // the page with its claim is rendered once, to the same bytes.
        #expect(kept.claimTemplate(route: "about", platform: .android, language: .en, host: "recipes.example.com") != nil)
        #expect(unkept.claimTemplate(route: "about", platform: .android, language: .en, host: "recipes.example.com") == nil)
        let link = try table.resolve("https://recipes.example.com/about")
        let claim = LinkPageClaim(token: ClaimToken.random(id: 7), code: ClaimCodeCipher.random.code(forClaim: 7),
                                  host: "recipes.example.com")
        #expect(unkept.claimPage(link, platform: .android, language: .en, claim: claim).body
                == kept.claimPage(link, platform: .android, language: .en, claim: claim).body)
    }

    @Test func aPageCarriesTheTitlePreviewTagsAndTheAppLink() throws {
        let response = try page("https://recipes.example.com/recipes/soup")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = text(response)
        #expect(html.contains("<title>Recipe soup · Recipes</title>"))
        #expect(html.contains(#"<meta property="og:title" content="Recipe soup">"#))
        #expect(html.contains(#"<meta property="og:description" content="Cook soup tonight">"#))
        #expect(html.contains(#"<meta property="og:image" content="https://img.example.com/soup.png">"#))
        #expect(html.contains(#"<meta property="og:url" content="https://recipes.example.com/recipes/soup">"#))
        #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        #expect(html.contains(#"<meta name="twitter:title" content="Recipe soup">"#))
        #expect(html.contains(#"<a href="recipes://recipes/soup" class="open" id="open">Open in the app</a>"#))
        #expect(html.contains(#"<h1>Recipe soup</h1>"#))
    }

    @Test func theFallbackFollowsThePlatform() throws {
        let ios = text(try page("https://recipes.example.com/about", platform: .ios))
        #expect(ios.contains(#"<a href="https://apps.apple.com/app/id42" class="fallback" id="fallback" data-platform="ios">Get Recipes on the App Store</a>"#))
        let android = text(try page("https://recipes.example.com/about", platform: .android))
        #expect(android.contains(#"href="https://play.google.com/store/apps/details?id=com.example.recipes" class="fallback" id="fallback" data-platform="android">Get Recipes on Google Play</a>"#))
        let web = text(try page("https://recipes.example.com/about", platform: .web))
        #expect(web.contains(#"<a href="https://www.example.com/" class="fallback" id="fallback" data-platform="web">Continue on the website</a>"#))
        let routeWeb = text(try page("https://recipes.example.com/recipes/soup", platform: .web))
        #expect(routeWeb.contains(#"href="https://www.example.com/recipes/soup" class="fallback""#))
    }

    @Test func aRouteWithoutPreviewIsTitledWithTheAppName() throws {
        let html = text(try page("https://recipes.example.com/about"))
        #expect(html.contains("<title>Recipes</title>") && html.contains(#"<meta name="twitter:card" content="summary">"#))
        #expect(!html.contains("og:image"))
    }

    @Test func hostileParametersAppearOnlyAsText() throws {
        let hostile = "https://recipes.example.com/recipes/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"
        let html = text(try page(hostile))
        #expect(!html.contains("<script"))
        #expect(html.contains("<h1>Recipe &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>") == false)
        #expect(html.contains("<h1>Recipe \"&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(html.contains(#"<meta property="og:title" content="Recipe &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#))
        // URLs carry the value percent-encoded: nothing to break out of.
        #expect(html.contains(#"href="recipes://recipes/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E""#))
        let quotes = text(try page("https://recipes.example.com/recipes/a'%20onmouseover='x"))
        #expect(quotes.contains("content=\"Recipe a&#39; onmouseover=&#39;x\""))
    }

    /// The code carries the QR marker (`sl_qr=1`), so a scan is counted as one.
    @Test func aDesktopPageShowsTheLinksQRCodeInlineAndPhonesDoNot() throws {
        let link = "https://recipes.example.com/recipes/soup"
        let html = text(try page(link, platform: .web))
        let svg = try QRCode(encoding: link + "?sl_qr=1", level: .medium).svg()
        #expect(html.contains("<figure class=\"qr\">" + svg + "<figcaption>Scan with your phone&#39;s camera</figcaption></figure>")
            || html.contains("<figure class=\"qr\">" + svg + "<figcaption>Scan with your phone's camera</figcaption></figure>"))
        #expect(!text(try page(link, platform: .ios)).contains("<svg"))
        #expect(!text(try page(link, platform: .android)).contains("<svg"))
        // The constant page of a route without parameters has it too, of its own link.
        let about = try QRCode(encoding: "https://recipes.example.com/about?sl_qr=1", level: .medium).svg()
        #expect(text(try page("https://recipes.example.com/about", platform: .web)).contains(about))
        // A link that does not resolve gets no code.
        #expect(!text(try page("https://recipes.example.com/nothing", platform: .web)).contains("<svg"))
    }

    @Test func theSecurityHeadersAllowNoScriptAndOnlyTheInlineSheet() throws {
        let response = try page("https://recipes.example.com/about")
        let policy = try #require(response.headers["Content-Security-Policy"])
        #expect(policy.hasPrefix("default-src 'none'; img-src https:; style-src 'sha256-"))
        #expect(!policy.contains("script-src") && !policy.contains("unsafe-inline"))
        #expect(policy.contains(HTMLDocument.styleSource(LinkPage.styleSheet)))
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Referrer-Policy"] == "no-referrer")
        #expect(response.headers["Vary"] == "Accept, User-Agent, Accept-Language")
        #expect(response.headers["Cache-Control"] == LinkPage.cacheControl)
        #expect(text(response).contains("<style>" + LinkPage.styleSheet + "</style>"))
    }

    @Test func jsonClientsGetTheResolveDocument() throws {
        let table = try Self.table()
        let link = "https://recipes.example.com/recipes/soup"
        let response = try page(link, format: .json)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.body == (try table.resolve(link, format: .document)))
        #expect(response.headers["Vary"] == "Accept, User-Agent, Accept-Language")
    }

    @Test func aLinkNoRouteTakesIsA404PageOrProblem() throws {
        let response = try page("https://recipes.example.com/nothing/%3Cb%3E")
        #expect(response.status == .notFound)
        let html = text(response)
        #expect(html.contains("<h1>This link does not open anything</h1>"))
        #expect(html.contains(#"<meta name="robots" content="noindex">"#))
        #expect(html.contains(#"<a href="https://www.example.com/" class="fallback" id="fallback">Go to the Recipes website</a>"#))
        #expect(!html.contains("<b>"))
        #expect(response.headers["Cache-Control"] == LinkPage.errorCacheControl)
        let problem = try page("https://recipes.example.com/nothing", format: .json)
        #expect(problem.status == .notFound && problem.headers["Content-Type"] == "application/problem+json")
        #expect(text(problem).contains(#""type":"https://scenelink.dev/problems/no-route""#))
    }

    @Test func theRootIsTheEmptyStack() throws {
        let html = text(try page("https://recipes.example.com/"))
        #expect(html.contains("<title>Recipes</title>") && html.contains(#"href="recipes://" class="open""#))
    }

    @Test func aConstantPageIsTheSameAsARenderedOne() throws {
        let table = try Self.table()
        let link = try table.resolve("https://recipes.example.com/about")
        let page = LinkPage(table: table)
        for platform in LinkPlatform.allCases {
            for language in PageLanguage.allCases {
                let served = page.response(for: .success(link), format: .html, platform: platform, language: language)
                #expect(served.body == page.render(link, platform: platform, language: language).body)
                #expect(served.headers["Content-Language"] == language.tag)
            }
        }
    }

    @Test func theLinkUsesTheRequestsHostOnlyWhenItIsTheFilesHost() throws {
        let table = try Self.table()
        #expect(LinkPage.link(path: "/a", query: "b=1", host: "R.Example.org:8080", table: table) == "https://r.example.org/a?b=1")
        #expect(LinkPage.link(path: "/a", query: nil, host: "evil.example.com", table: table) == "https://recipes.example.com/a")
        #expect(LinkPage.link(path: "/a", query: nil, host: nil, table: table) == "https://recipes.example.com/a")
    }

    @Test func aNoticeReusesThePage() throws {
        let response = LinkPage(table: try Self.table()).notice(status: HTTPStatus(code: 410, reasonPhrase: "Gone"),
                                                                 title: "This link has expired", detail: "<old>")
        #expect(response.status.code == 410)
        #expect(text(response).contains("<h1>This link has expired</h1><p class=\"detail\">&lt;old&gt;</p>"))
        #expect(response.headers["Content-Security-Policy"] == LinkPage.contentSecurityPolicy)
    }

    @Test func everyPageBalancesItsElementsOnEveryPlatformInEveryLanguage() throws {
        let table = try Self.table()
        let page = LinkPage(table: table)
        let claim = ClaimPageTemplateTests.claim(host: "recipes.example.com")
        for link in ["https://recipes.example.com/recipes/soup", "https://recipes.example.com/about", "https://recipes.example.com/"] {
            let resolved = try table.resolve(link)
            for platform in LinkPlatform.allCases {
                for language in PageLanguage.allCases {
                    let rendered = text(page.render(resolved, platform: platform, language: language))
                    #expect(HTMLTagBalance.problem(in: rendered) == nil, "\(link), \(platform), \(language)")
                    let claimed = text(page.claimPage(resolved, platform: platform, language: language, claim: claim))
                    #expect(HTMLTagBalance.problem(in: claimed) == nil, "\(link) with a claim, \(platform), \(language)")
                }
            }
        }
        let notice = page.notice(status: .notFound, title: "Gone", detail: "</main>")
        #expect(HTMLTagBalance.problem(in: text(notice)) == nil)
    }
}
