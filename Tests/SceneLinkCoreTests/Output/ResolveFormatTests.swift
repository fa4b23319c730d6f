import Testing
@testable import SceneLinkCore

@Suite struct ResolveFormatTests {
    @Test func namedFindsWhatRawValueFinds() {
        for format in ResolveFormat.allCases {
            #expect(ResolveFormat.named(format.rawValue) == format)
        }
        for name in ["", "Document", "navigationpath", "array ", "element", "json"] {
            #expect(ResolveFormat.named(name) == nil)
            #expect(ResolveFormat(rawValue: name) == nil)
        }
    }
}
