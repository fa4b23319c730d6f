import Testing
@testable import SceneLinkCore

@Suite struct PageColorTests {
    @Test func hexFormsParse() {
        #expect(PageColor(hex: "#fff") == PageColor(red: 255, green: 255, blue: 255))
        #expect(PageColor(hex: "#1A73e8") == PageColor(red: 0x1a, green: 0x73, blue: 0xe8))
        #expect(PageColor(hex: "#1a73e8")?.hex == "#1a73e8")
        #expect(PageColor(hex: "#abc")?.hex == "#aabbcc")
        for bad in ["fff", "#ffff", "#ffffff80", "#12345g", "", "#", "red", "#ffffff "] {
            #expect(PageColor(hex: bad) == nil, "\(bad)")
        }
    }

    /// WCAG's own figures: black on white is 21:1, and #767676 on white the lightest grey at 4.5:1.
    @Test func contrastMatchesWCAG() throws {
        let white = try #require(PageColor(hex: "#ffffff")), black = try #require(PageColor(hex: "#000000"))
        #expect(abs(white.contrast(with: black) - 21) < 0.001)
        #expect(white.contrast(with: white) == 1)
        let grey = try #require(PageColor(hex: "#767676")), lighter = try #require(PageColor(hex: "#777777"))
        #expect(grey.contrast(with: white) >= 4.5)
        #expect(lighter.contrast(with: white) < 4.5)
        #expect(grey.contrast(with: white) == white.contrast(with: grey))
    }

    @Test func logoOriginIsTheHostOfAnHTTPSURL() {
        #expect(PageTheme.origin(ofLogo: "https://CDN.example.com/logo.png?v=2") == "https://cdn.example.com")
        #expect(PageTheme.origin(ofLogo: "https://cdn.example.com:8443/a.svg") == "https://cdn.example.com:8443")
        for bad in ["http://cdn.example.com/logo.png", "https:///logo.png", "https://cdn.example.com/a b.png",
                    "https://cdn.example.com/a;b.png", "https://cdn.example.com/a,b.png", "https://u@cdn.example.com/",
                    "https://cdn.example.com:x/", "javascript:alert(1)", "https://cdn.example.com/'x"] {
            #expect(PageTheme.origin(ofLogo: bad) == nil, "\(bad)")
        }
    }
}
