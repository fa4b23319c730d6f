import Testing
import SceneLinkCore

@Suite struct AnalyticsScopeTests {
    @Test func scopesReadAndPrintTheSame() throws {
        for text in ["all", "link:spring-sale", "route:settings.premium", "route:/"] {
            #expect(try AnalyticsScope(parsing: text).key == text)
        }
    }

    @Test(arguments: ["", "everything", "link:", "link:has space", "route:", "route:a b", "LINK:x"])
    func anythingElseIsRefusedSayingWhatIsAccepted(text: String) {
        #expect(throws: AnalyticsQueryError.invalidScope(text)) { try AnalyticsScope(parsing: text) }
        #expect(AnalyticsQueryError.invalidScope(text).description.contains("link:CODE"))
    }

    @Test func theQRMarkerIsAddedBeforeAFragmentAndFoundInAQuery() {
        #expect(QRMarker.marking("https://a.example/x") == "https://a.example/x?sl_qr=1")
        #expect(QRMarker.marking("https://a.example/x?y=1#top") == "https://a.example/x?y=1&sl_qr=1#top")
        #expect(QRMarker.isMarked(query: "y=1&sl_qr=1"))
        #expect(!QRMarker.isMarked(query: "sl_qr=10"))
    }
}
