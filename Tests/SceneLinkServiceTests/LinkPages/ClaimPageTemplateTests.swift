import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct ClaimPageTemplateTests {
    static func claim(host: String?) -> LinkPageClaim {
        let token = ClaimToken.random(id: ClaimToken.nextID(at: Date()))
        return LinkPageClaim(token: token, code: ClaimCodeCipher.random.code(forClaim: token.id), host: host)
    }

    @Test func aPhonesClaimPageOfARouteWithoutParametersIsTheRenderedPageByteForByte() throws {
        let table = try LinkPageTests.table()
        let page = LinkPage(table: table)
        let link = try table.resolve("https://recipes.example.com/about")
        for platform in [LinkPlatform.ios, .android] {
            for host in ["recipes.example.com", "r.example.org"] {
              for language in PageLanguage.allCases {
                let claim = Self.claim(host: host)
                let served = page.claimPage(link, platform: platform, language: language, claim: claim)
                let rendered = page.render(link, platform: platform, language: language, claim: claim)
                #expect(served.body == rendered.body, "\(platform) \(host) \(language)")
                for name in ["Content-Type", "Cache-Control", "Content-Security-Policy", "Vary", "Content-Language"] {
                    #expect(served.headers[name] == rendered.headers[name])
                }
                #expect(served.status == rendered.status)
                let text = String(decoding: served.body, as: UTF8.self)
                #expect(text.contains(claim.token.rawValue))
                if platform == .ios { #expect(text.contains(">" + (claim.code?.displayed ?? "?") + "<")) }
              }
            }
        }
    }

    @Test func aPageWithParametersIsRenderedWithItsClaim() throws {
        let table = try LinkPageTests.table()
        let link = try table.resolve("https://recipes.example.com/recipes/soup")
        let claim = Self.claim(host: "recipes.example.com")
        let page = LinkPage(table: table)
        let served = page.claimPage(link, platform: .ios, language: .ja, claim: claim)
        #expect(served.body == page.render(link, platform: .ios, language: .ja, claim: claim).body)
    }

    @Test func noTemplateIsKeptWhenTheRenderingDependsOnMoreThanTheTokenAndCode() {
        let dependsOnSecret = ClaimPageTemplate(host: "h.example") { claim in
            HTTPResponse(contentType: "text/html", body: Array("<p>\(claim.token.rawValue) \(claim.token.secretHash)</p>".utf8))
        }
        #expect(dependsOnSecret == nil)
        let noClaim = ClaimPageTemplate(host: "h.example") { _ in HTTPResponse(contentType: "text/html", body: Array("<p>x</p>".utf8)) }
        #expect(noClaim == nil)
        let filled = ClaimPageTemplate(host: "h.example") { claim in
            HTTPResponse(contentType: "text/html", body: Array("a\(claim.token.rawValue)b\(claim.code?.displayed ?? "")c".utf8))
        }
        let token = ClaimToken.random(id: 9), code = ClaimCodeCipher.random.code(forClaim: 9)
        #expect(filled.map { String(decoding: $0.response(token: token, code: code).body, as: UTF8.self) }
            == "a\(token.rawValue)b\(code.displayed)c")
    }
}
