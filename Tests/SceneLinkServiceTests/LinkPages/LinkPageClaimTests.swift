import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct LinkPageClaimTests {
    @Test func thePlayReferrerIsAddedPercentEncodedToGooglePlayPagesOnly() throws {
        let claim = LinkPageClaim(token: try ClaimToken("aMYXFAAAAAFircmbRpf719Wk3Cc"), code: nil, host: "fm.example")
        #expect(claim.playStoreURL("https://play.google.com/store/apps/details?id=com.example.app")
            == "https://play.google.com/store/apps/details?id=com.example.app&referrer=scenelink_claim%3DaMYXFAAAAAFircmbRpf719Wk3Cc")
        #expect(claim.playStoreURL("https://www.example.com/android") == "https://www.example.com/android")
        #expect(claim.url == "https://fm.example/c/aMYXFAAAAAFircmbRpf719Wk3Cc")
        #expect(LinkPageClaim(token: claim.token, code: nil, host: nil).url == nil)
    }

    @Test func theCopyScriptIsAllowedByItsHashAndNothingElse() {
        let policy = LinkPage.claimContentSecurityPolicy
        #expect(policy.contains("script-src " + HTMLDocument.styleSource(LinkPage.claimScript) + ";"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(policy.hasPrefix("default-src 'none';"))
    }
}
