import SceneLinkCore
import Testing

@Suite struct VisitReferrerTests {
    private func referrer(_ field: String?) -> String { VisitReferrer(referer: field).value }

    @Test(arguments: [nil, "", "  ", "https://", "not a url", "https:/one-slash"] as [String?])
    func whatReadsAsDirectSaysSoWithoutText(field: String?) {
        let referrer = VisitReferrer(referer: field)
        #expect(referrer.isDirect)
        #expect(referrer == .direct)
    }

    @Test(arguments: ["https://example.com/", "javascript:alert(1)", "android-app://com.slack/"])
    func anyOtherReferrerIsNotDirect(field: String) {
        #expect(!VisitReferrer(referer: field).isDirect)
    }

    @Test func theHostIsKeptLowerCaseWithoutPathQueryPortOrUserinfo() {
        #expect(referrer("https://news.ycombinator.com/item?id=1") == "news.ycombinator.com")
        #expect(referrer("HTTPS://Example.COM/Path?Q=1#Top") == "example.com")
        #expect(referrer("https://example.com:8443/x") == "example.com")
        #expect(referrer("https://user:secret@example.com/x") == "example.com")
        #expect(referrer("http://example.com") == "example.com")
        #expect(referrer("https://example.com?q=1") == "example.com")
        #expect(referrer("https://example.com#fragment") == "example.com")
        #expect(referrer("  https://example.com/  ") == "example.com")
        #expect(referrer("https://t.co/abc") == "t.co")
        #expect(referrer("https://my_host.example/") == "my_host.example")
    }

    @Test func oneLeadingWwwOrMAndOneTrailingDotAreDropped() {
        #expect(referrer("https://www.google.com/") == "google.com")
        #expect(referrer("https://WWW.Google.com/") == "google.com")
        #expect(referrer("https://m.facebook.com/") == "facebook.com")
        #expect(referrer("https://l.facebook.com/l.php?u=x") == "l.facebook.com")
        #expect(referrer("https://www.m.example.com/") == "m.example.com")
        #expect(referrer("https://example.com./x") == "example.com")
        #expect(referrer("https://www.example.com.:443/") == "example.com")
        #expect(referrer("https://wwwexample.com/") == "wwwexample.com")
        #expect(referrer("https://mobile.example.com/") == "mobile.example.com")
        #expect(referrer("https://www./") == "www")
    }

    @Test func androidAppReferrersAreThePackageName() {
        #expect(referrer("android-app://com.google.android.gm/") == "com.google.android.gm")
        #expect(referrer("android-app://com.google.android.googlequicksearchbox/https/www.google.com") == "com.google.android.googlequicksearchbox")
        #expect(referrer("Android-App://Com.Slack") == "com.slack")
        #expect(referrer("android-app://m.example.app/") == "m.example.app")
    }

    @Test func noHeaderAnEmptyOneOrOneThatIsNotAURLIsDirect() {
        #expect(referrer(nil) == "(direct)")
        #expect(referrer("") == "(direct)")
        #expect(referrer(" \t") == "(direct)")
        #expect(referrer("example.com") == "(direct)")
        #expect(referrer("/relative/path") == "(direct)")
        #expect(referrer("//example.com/x") == "(direct)")
        #expect(referrer("://example.com") == "(direct)")
        #expect(referrer("https://") == "(direct)")
        #expect(referrer("https:///path") == "(direct)")
        #expect(referrer("https:example.com") == "(direct)")
        #expect(referrer("https://user@/x") == "(direct)")
        #expect(referrer("https://:443/") == "(direct)")
        #expect(referrer("1http://example.com") == "(direct)")
        #expect(VisitReferrer(referer: nil) == .direct)
    }

    @Test func otherSchemesAndHostsOutsideTheSafeAlphabetAreOther() {
        #expect(referrer("javascript:alert(document.cookie)") == "(other)")
        #expect(referrer("JavaScript://example.com/%0Aalert(1)") == "(other)")
        #expect(referrer("data:text/html;base64,PHNjcmlwdD4=") == "(other)")
        #expect(referrer("file:///etc/passwd") == "(other)")
        #expect(referrer("about:blank") == "(other)")
        #expect(referrer("ftp://example.com/") == "(other)")
        #expect(referrer("https://[2001:db8::1]/x") == "(other)")
        #expect(referrer("https://[2001:db8::1]:8443/x") == "(other)")
        #expect(referrer("https://bücher.example/") == "(other)")
        #expect(referrer("https://xn--bcher-kva.example/") == "xn--bcher-kva.example")
        #expect(referrer("https://exa%6Dple.com/") == "(other)")
        #expect(referrer("https://exa mple.com/") == "(other)")
        #expect(referrer("https://example.com\u{0}.evil/") == "(other)")
        #expect(referrer("https://<script>/") == "(other)")
        #expect(referrer("https://example.com:abc/") == "(other)")
        #expect(referrer("android-app://com.evil\"pkg/") == "(other)")
        #expect(VisitReferrer(referer: "about:blank") == .other)
    }

    @Test func hostsLongerThan253BytesAreOther() {
        let label = String(repeating: "a", count: 63)
        let host253 = [label, label, label, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(host253.utf8.count == 253)
        #expect(referrer("https://\(host253)/") == host253)
        #expect(referrer("https://\(host253)b/") == "(other)")
        #expect(referrer("https://www.\(host253)/") == host253)
        #expect(referrer("https://" + String(repeating: "a", count: 100_000) + "/") == "(other)")
        #expect(referrer("https://example.com/" + String(repeating: "a", count: 100_000)) == "example.com")
    }
}
