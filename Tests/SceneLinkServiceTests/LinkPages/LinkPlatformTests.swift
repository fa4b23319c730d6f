import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct LinkPlatformTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
    static let iPad = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

    @Test func readsThePlatformFromTheUserAgent() {
        #expect(LinkPlatform(userAgent: Self.iPhone) == .ios)
        #expect(LinkPlatform(userAgent: Self.iPad) == .ios)
        #expect(LinkPlatform(userAgent: Self.android) == .android)
        #expect(LinkPlatform(userAgent: Self.desktop) == .web)
        #expect(LinkPlatform(userAgent: "facebookexternalhit/1.1") == .web)
        #expect(LinkPlatform(userAgent: "") == .web)
        #expect(LinkPlatform(userAgent: nil) == .web)
        #expect(LinkPlatform(userAgent: "iphone") == .web, "tokens are matched as sent")
    }
}
