import Testing
@testable import SceneLinkCore

/// `app.apple`, `app.android`, `app.fallback`, and routes' `preview` and `fallback`.
@Suite struct RouteFileLoaderAppLinksTests {
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    private func load(app extra: String, route: String = "") throws(RouteFileError) -> RouteTable {
        try RouteTable(routeFile: Array("""
        {"app": {"name": "R", "schemes": ["r"], "hosts": ["r.example.com"]\(extra)},
         "routes": [{"name": "recipe", "path": "/recipes/{id:Int}", "query": {"tab": {"param": "{tab:String}", "default": "info"}},
                     "push": [{"type": "Int", "value": "{id}"}]\(route)}]}
        """.utf8))
    }

    private func problems(app extra: String, route: String = "") -> [RouteFileProblem] {
        do {
            _ = try load(app: extra, route: route)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func appleAndroidAndFallbackLoad() throws {
        let table = try load(app: """
        , "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.r", "com.example.r.beta"], "appStoreID": "123456"},
          "android": {"package": "com.example.r", "sha256CertFingerprints": ["\(Self.fingerprint)"]},
          "fallback": {"web": "https://www.example.com/", "android": "https://example.com/android"}
        """)
        #expect(table.appLinks.apple == AppleApp(teamID: "A1B2C3D4E5", bundleIDs: ["com.example.r", "com.example.r.beta"], appStoreID: "123456"))
        #expect(table.appLinks.apple?.appIDs == ["A1B2C3D4E5.com.example.r", "A1B2C3D4E5.com.example.r.beta"])
        #expect(table.appLinks.android == [AndroidApp(package: "com.example.r", sha256CertFingerprints: [Self.fingerprint])])
        #expect(table.appLinks.fallback == LinkFallback(web: "https://www.example.com/", android: "https://example.com/android"))
    }

    @Test func badAppleFieldsAreLocated() {
        let found = problems(app: #", "apple": {"teamID": "a1b2c3d4e5", "bundleIDs": ["com.ex ample"], "appStoreID": "id12"}"#)
        #expect(found.map(\.location) == ["app.apple.teamID", "app.apple.bundleIDs[0]", "app.apple.appStoreID"])
        #expect(found[0].message == "The team ID \"a1b2c3d4e5\" must be upper case, as the developer account shows it: write \"A1B2C3D4E5\".")
        #expect(problems(app: #", "apple": {"teamID": "SHORT", "bundleIDs": []}"#).map(\.location)
            == ["app.apple.teamID", "app.apple.bundleIDs"])
        #expect(problems(app: #", "apple": {}"#).map(\.message) == [
            "\"apple\" needs \"teamID\": the 10-character team ID of the developer account.",
            "\"apple\" needs \"bundleIDs\": the app's bundle IDs, like [\"com.example.app\"].",
        ])
    }

    @Test func lowerCaseFingerprintIsRejectedWithTheFix() {
        let lower = Self.fingerprint.lowercased()
        let found = problems(app: #", "android": {"package": "com.example.r", "sha256CertFingerprints": ["\#(lower)", "AB:CD"]}"#)
        #expect(found == [
            RouteFileProblem(location: "app.android.sha256CertFingerprints[0]",
                             message: "Fingerprints are upper-case hex, as Android compares them: write \"\(Self.fingerprint)\"."),
            RouteFileProblem(location: "app.android.sha256CertFingerprints[1]",
                             message: "\"AB:CD\" is not a SHA-256 fingerprint; write 32 upper-case hex pairs joined by ':', like \"14:6D:E9:...:D5\" as keytool prints it."),
        ])
        #expect(problems(app: #", "android": [{"package": "1com", "sha256CertFingerprints": ["\#(Self.fingerprint)"]}]"#).map(\.location)
            == ["app.android[0].package"])
    }

    @Test func fallbackNeedsWebAndSafeURLs() {
        #expect(problems(app: #", "fallback": {"ios": "https://example.com/ios"}"#).map(\.location) == ["app.fallback"])
        let found = problems(app: #", "fallback": {"web": "javascript:alert(1)", "ios": "example.com", "android": "market://details?id=com.example.r"}"#)
        #expect(found.map(\.location) == ["app.fallback.web", "app.fallback.ios"])
        #expect(found[0].message == "This must be an http or https URL: \"javascript:\" is not allowed here; use https or http.")
        #expect(problems(app: #", "fallback": {"web": "https://example.com/{id}"}"#).first?.message
            == "\"{id}\" names no parameter of this route; its parameters are none.")
    }

    @Test func previewTemplatesUseTheRoutesParameters() {
        #expect(problems(app: "", route: #", "preview": {"title": "Recipe {id}", "image": "https://img.example.com/{id}.png"}"#) == [])
        let found = problems(app: "", route: #", "preview": {"title": "Recipe {recipe}", "image": "http://img.example.com/x.png", "descripton": ""}"#)
        #expect(found.map(\.location) == ["routes[0].preview.descripton", "routes[0].preview.title", "routes[0].preview.image"])
        #expect(found[1].message == "\"{recipe}\" names no parameter of this route; its parameters are {id}, {tab}.")
        #expect(found[2].message == "The image must be an https URL: \"http:\" is not allowed here; use https.")
        #expect(problems(app: "", route: #", "preview": {"title": "Braces {{ok}} but {"}"#).map(\.message)
            == ["A '{' is not closed; write {name} for a parameter, or {{ for a literal brace."])
    }

    @Test func aRouteFallbackMayNotChooseTheHost() {
        #expect(problems(app: "", route: #", "fallback": {"web": "https://{tab}.example.com/"}"#).map(\.message)
            == ["This must be an http or https URL: a parameter may appear only after the host, in the path, query or fragment."])
        #expect(problems(app: "", route: #", "fallback": {"ios": "https://example.com/ios/{id}"}"#).map(\.message)
            == ["A fallback needs a \"web\" page, here or in \"app.fallback\", for visitors on other platforms."])
    }

    @Test func aFallbackOrImageABrowserWouldSendElsewhereIsRefused() {
        let cases: [(url: String, reason: String)] = [
            ("https://www.example.com@evil.example/",
             "it has credentials (user@) before its host, which a browser reads differently; send the link without them"),
            ("https://0x7f.1/x", "its host 0x7f.1 reads as an IPv4 address written in hex, octal or a short form; "
                + "write the address as four decimal numbers (such as 203.0.113.7) or use a name"),
            ("https://exa%6Dple.com/", "its host has a percent-escape; write the host as it is"),
            ("https://example.com:99999/", "its port \"99999\" is not a number from 0 to 65535"),
            ("https://fu\u{E9}l.example.com/", "its host fu\u{E9}l.example.com has letters outside ASCII; write it in the ASCII "
                + "form browsers send (xn--\u{2026})"),
        ]
        for (url, reason) in cases {
            #expect(problems(app: #", "fallback": {"web": "\#(url)"}"#).map(\.message) == ["This must be an http or https URL: \(reason)."])
            #expect(problems(app: "", route: #", "preview": {"image": "\#(url)"}"#).map(\.message) == ["The image must be an https URL: \(reason)."])
        }
        for url in ["https://203.0.113.7/ok", "https://[2001:db8::1]:8443/ok", "https://Example.COM:443/ok"] {
            #expect(problems(app: #", "fallback": {"web": "\#(url)"}"#) == [], "\(url)")
        }
    }

    @Test func anAppHostABrowserReadsAsAnAddressOrAsAnotherNameIsRefused() {
        func hostProblems(_ host: String) -> [String] {
            do {
                _ = try RouteTable(routeFile: Array(#"{"app": {"name": "R", "hosts": ["\#(host)"]}, "routes": [{"name": "r", "path": "/r"}]}"#.utf8))
                return []
            } catch {
                return error.problems.map(\.message)
            }
        }
        #expect(hostProblems("127.1") == ["\"127.1\" is an IP address, or reads as one in a browser; app links need a domain name."])
        #expect(hostProblems("links.0x7f") == ["\"links.0x7f\" is an IP address, or reads as one in a browser; app links need a domain name."])
        #expect(hostProblems("fu\u{E9}l.example.com") == ["The host fu\u{E9}l.example.com has letters outside ASCII; write it in the ASCII "
                                                       + "form browsers send (xn--\u{2026}), as app links are verified and opened."])
        #expect(hostProblems("0x7f.example.com") == [])
    }
}
