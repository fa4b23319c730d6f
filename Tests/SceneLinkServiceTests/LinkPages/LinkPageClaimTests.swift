import SceneLinkCore
import Testing
@testable import SceneLinkService

@Suite struct LinkPageClaimTests {
    @Test func thePlayReferrerIsAddedPercentEncodedToGooglePlayPagesOnly() throws {
        let claim = LinkPageClaim(token: try ClaimToken("Yq3JtZ0aX-9fWk2c"), code: nil, host: "fm.example")
        #expect(claim.playStoreURL("https://play.google.com/store/apps/details?id=com.example.app")
            == "https://play.google.com/store/apps/details?id=com.example.app&referrer=scenelink_claim%3DYq3JtZ0aX-9fWk2c")
        #expect(claim.playStoreURL("https://www.example.com/android") == "https://www.example.com/android")
        #expect(claim.url == "https://fm.example/c/Yq3JtZ0aX-9fWk2c")
        #expect(LinkPageClaim(token: claim.token, code: nil, host: nil).url == nil)
    }

    @Test func theCopyScriptIsAllowedByItsHashAndNothingElse() {
        let policy = LinkPage.claimContentSecurityPolicy
        #expect(policy.contains("script-src " + HTMLDocument.styleSource(LinkPage.claimScript) + ";"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(policy.hasPrefix("default-src 'none';"))
    }
}
