import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText
import Testing
@testable import SceneLinkConsole
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The console over a real socket, request by request: sign-in and its cookie, sessions that
/// end, the same-origin and form-token checks on every change, the headers of every answer,
/// escaping, rate limits, plain HTTP, keys with and without the `console` scope, and the audit
/// entries a console session writes.
@Suite struct ConsoleEndpointsTests {
    static let token = ShortLinkEndpointsTests.token
    static let admin = ["Authorization": "Bearer \(token)"]
    /// LoopbackClient sends `Host: localhost`: the console's own origin over plain HTTP.
    static let sameOrigin = ["Origin": "http://localhost", "Sec-Fetch-Site": "same-origin",
                             "Content-Type": "application/x-www-form-urlencoded"]
    static let csp = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    typealias Clock = ConsoleSessionsTests.Clock

    static func withConsole(clock: Clock = Clock(), _ configure: (inout ServiceConfiguration) -> Void = { _ in },
                            _ body: (LoopbackClient, SceneLinkApplication) async throws -> Void) async throws {
        var configuration = ServiceConfiguration()
        configuration.http.port = 0
        configuration.databasePath = ":memory:"
        configuration.accessLog = false
        configuration.shortLinks.adminToken = token
        configure(&configuration)
        let application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in },
                                                   clock: clock.clock)
        let port = try application.start(handlingSignals: false)
        do {
            try await body(LoopbackClient(port: port), application)
        } catch {
            await SceneLinkApplicationTests.stop(application)
            throw error
        }
        await SceneLinkApplicationTests.stop(application)
    }

    static func form(_ fields: [(String, String)]) -> [UInt8] {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return Array(fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&").utf8)
    }

    /// Signs in with `token`; answers the response and the cookie's id (nil when none was set).
    static func signIn(_ client: LoopbackClient, token: String = token,
                       headers: [String: String] = sameOrigin) async throws -> (response: LoopbackClient.Response, id: String?) {
        let response = try await client.send("POST", "/console/sign-in", headers: headers, body: form([("token", token)]))
        let id = response.headers["set-cookie"].flatMap { field -> String? in
            guard field.hasPrefix("scenelink_console=") else { return nil }
            return String(field.dropFirst("scenelink_console=".count).prefix { $0 != ";" })
        }
        return (response, id)
    }

    static func cookie(_ id: String) -> [String: String] { ["Cookie": "scenelink_console=\(id)"] }

    /// The form token on a page.
    static func formToken(_ page: LoopbackClient.Response) throws -> String {
        let text = page.text
        let marker = "name=\"csrf\" value=\""
        let start = try #require(text.range(of: marker)).upperBound
        return String(text[start...].prefix(64))
    }

    static func expectConsoleHeaders(_ response: LoopbackClient.Response, _ what: String) {
        #expect(response.headers["content-security-policy"] == csp, "\(what)")
        #expect(response.headers["x-frame-options"] == "DENY", "\(what)")
        #expect(response.headers["cache-control"] == "no-store", "\(what)")
        #expect(response.headers["referrer-policy"] == "no-referrer", "\(what)")
        #expect(response.headers["x-content-type-options"] == "nosniff", "\(what)")
        #expect(!response.text.contains("<script"), "\(what)")
        #expect(!response.text.contains("style=\""), "\(what)")
    }

    static func keyCount(_ client: LoopbackClient) async throws -> Int {
        let keys = try await client.send("GET", "/v1/keys", headers: admin)
        return keys.text.components(separatedBy: "\"id\":").count - 1
    }

    @Test func theAdminTokenSignsInWithAStrictHttpOnlyCookieAndEachSignInMakesANewId() async throws {
        try await Self.withConsole { client, _ in
            let form = try await client.send("GET", "/console/")
            #expect(form.status == 200)
            #expect(form.text.contains("<form method=\"post\" action=\"/console/sign-in\">"))
            #expect(form.text.contains("<label for=\"token\">"))
            let first = try await Self.signIn(client)
            #expect(first.response.status == 303)
            #expect(first.response.headers["location"] == "/console/overview")
            let field = try #require(first.response.headers["set-cookie"])
            #expect(field.contains("; Path=/console") && field.contains("; HttpOnly") && field.contains("; SameSite=Strict"))
            #expect(!field.contains("Max-Age") && !field.contains("Expires"))
            #expect(!field.contains("Secure"), "reached over plain HTTP")
            let id = try #require(first.id)
            #expect(id.count == 64)
            let second = try await Self.signIn(client)
            #expect(second.id != nil && second.id != id)
            let overview = try await client.send("GET", "/console/overview", headers: Self.cookie(id))
            #expect(overview.status == 200)
            #expect(overview.text.contains("<main id=\"main\">"))
            #expect(overview.text.contains("aria-current=\"page\""))
            // Signed in, the form sends the operator on.
            #expect(try await client.send("GET", "/console/", headers: Self.cookie(id)).headers["location"] == "/console/overview")
            // Signing in again from a browser that holds a session ends that one.
            let third = try await Self.signIn(client, headers: Self.sameOrigin.merging(Self.cookie(id)) { a, _ in a })
            #expect(third.id != nil && third.id != id)
            #expect(try await client.send("GET", "/console/overview", headers: Self.cookie(id)).status == 303)
        }
    }

    @Test func overHTTPSTheCookieIsSecureAndPlainHTTPFromAnotherAddressIsRefused() async throws {
        try await Self.withConsole({ $0.http.trustedProxies = try! HTTPTrustedProxies(parsing: "127.0.0.1/32") }) { client, _ in
            let https = ["X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https", "Origin": "https://localhost",
                         "Content-Type": "application/x-www-form-urlencoded"]
            let secure = try await Self.signIn(client, headers: https)
            #expect(secure.response.status == 303)
            #expect(secure.response.headers["set-cookie"]?.hasSuffix("; Secure") == true)

            let plain = ["X-Forwarded-For": "203.0.113.9", "Origin": "http://localhost", "Content-Type": "application/x-www-form-urlencoded"]
            let page = try await client.send("GET", "/console/", headers: plain)
            #expect(page.status == 403)
            #expect(page.text.contains("--console-insecure-http on"))
            Self.expectConsoleHeaders(page, "the HTTPS-required page")
            let refused = try await Self.signIn(client, headers: plain)
            #expect(refused.response.status == 403)
            #expect(refused.id == nil)
        }
        try await Self.withConsole({
            $0.http.trustedProxies = try! HTTPTrustedProxies(parsing: "127.0.0.1/32")
            $0.console.allowsInsecureHTTP = true
        }) { client, _ in
            let plain = ["X-Forwarded-For": "203.0.113.9", "Origin": "http://localhost", "Content-Type": "application/x-www-form-urlencoded"]
            let allowed = try await Self.signIn(client, headers: plain)
            #expect(allowed.response.status == 303)
        }
    }

    @Test func everyConsoleAnswerCarriesTheSecurityHeaders() async throws {
        try await Self.withConsole { client, _ in
            let id = try #require(try await Self.signIn(client).id)
            let answers: [(String, LoopbackClient.Response)] = [
                ("sign-in form", try await client.send("GET", "/console/")),
                ("style sheet", try await client.send("GET", "/console/console.css")),
                ("redirect without a session", try await client.send("GET", "/console/system")),
                ("wrong token", try await Self.signIn(client, token: "not-the-token-at-all").response),
                ("cross-site sign-in", try await Self.signIn(client, headers: ["Sec-Fetch-Site": "cross-site"]).response),
                ("sign-in", try await Self.signIn(client).response),
                ("overview", try await client.send("GET", "/console/overview", headers: Self.cookie(id))),
                ("routes", try await client.send("GET", "/console/routes?url=fuelmoney://settings/account", headers: Self.cookie(id))),
                ("system", try await client.send("GET", "/console/system", headers: Self.cookie(id))),
                ("refused change", try await client.send("POST", "/console/sign-out", headers: Self.cookie(id), body: [])),
            ]
            for (what, response) in answers { Self.expectConsoleHeaders(response, what) }
            #expect(answers[1].1.headers["content-type"] == "text/css; charset=utf-8")
            #expect(answers[2].1.status == 303 && answers[2].1.headers["location"] == "/console/")
            #expect(answers[6].1.text.contains("<link rel=\"stylesheet\" href=\"/console/console.css\">"))
        }
    }

    @Test func aChangeWithoutItsFormTokenFromAnotherOriginOrAfterSignOutIs403AndChangesNothing() async throws {
        try await Self.withConsole { client, _ in
            let id = try #require(try await Self.signIn(client).id)
            let system = try await client.send("GET", "/console/system", headers: Self.cookie(id))
            let csrf = try Self.formToken(system)
            let fields = [("name", "sneaky"), ("scopes", "links:read")]
            func post(_ headers: [String: String], _ body: [(String, String)]) async throws -> LoopbackClient.Response {
                try await client.send("POST", "/console/system/keys", headers: headers.merging(Self.cookie(id)) { a, _ in a },
                                      body: Self.form(body))
            }
            let cases: [(String, LoopbackClient.Response)] = [
                ("no form token", try await post(Self.sameOrigin, fields)),
                ("a wrong form token", try await post(Self.sameOrigin, fields + [("csrf", String(repeating: "a", count: 64))])),
                ("cross-site", try await post(["Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"], fields + [("csrf", csrf)])),
                ("same-site (another port)", try await post(["Sec-Fetch-Site": "same-site"], fields + [("csrf", csrf)])),
                ("a foreign Origin", try await post(["Origin": "https://evil.example"], fields + [("csrf", csrf)])),
                ("neither Origin nor Sec-Fetch-Site", try await post([:], fields + [("csrf", csrf)])),
                ("Origin: null alone", try await post(["Origin": "null"], fields + [("csrf", csrf)])),
                ("Origin: null, cross-site", try await post(["Origin": "null", "Sec-Fetch-Site": "cross-site"], fields + [("csrf", csrf)])),
            ]
            for (what, response) in cases {
                #expect(response.status == 403, "\(what)")
                Self.expectConsoleHeaders(response, what)
            }
            #expect(try await Self.keyCount(client) == 0, "nothing was made")

            // The right token from the right origin makes the key, shown once.
            let made = try await post(Self.sameOrigin, fields + [("csrf", csrf)])
            #expect(made.status == 201, "\(made.text)")
            #expect(made.text.contains("slk_"))
            #expect(try await Self.keyCount(client) == 1)
            // Chromium's form POST from a page with Referrer-Policy: no-referrer (every console page).
            let chromium = try await post(["Origin": "null", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded"],
                                          [("name", "chromium"), ("scopes", "links:read"), ("csrf", csrf)])
            #expect(chromium.status == 201, "\(chromium.text)")
            #expect(try await Self.keyCount(client) == 2)

            // Sign-out ends the session on the server: the same cookie and form token then change nothing.
            let out = try await client.send("POST", "/console/sign-out", headers: Self.sameOrigin.merging(Self.cookie(id)) { a, _ in a },
                                            body: Self.form([("csrf", csrf)]))
            #expect(out.status == 303)
            #expect(out.headers["location"] == "/console/")
            #expect(out.headers["set-cookie"]?.contains("Max-Age=0") == true)
            let after = try await post(Self.sameOrigin, [("name", "later"), ("scopes", "links:read"), ("csrf", csrf)])
            #expect(after.status == 403)
            #expect(after.text.contains("nothing was changed"))
            #expect(try await Self.keyCount(client) == 2)
            #expect(try await client.send("GET", "/console/overview", headers: Self.cookie(id)).status == 303)
        }
    }

    @Test func aSessionEndsWhenIdleAndAtItsLifetimeOnTheInjectedClock() async throws {
        let clock = Clock()
        try await Self.withConsole(clock: clock, {
            $0.console.idleTimeout = .seconds(15 * 60)
            $0.console.lifetime = .seconds(3600)
        }) { client, _ in
            let idle = try #require(try await Self.signIn(client).id)
            clock.advance(by: 16 * 60)
            #expect(try await client.send("GET", "/console/overview", headers: Self.cookie(idle)).status == 303)

            let busy = try #require(try await Self.signIn(client).id)
            for _ in 0..<4 {
                clock.advance(by: 14 * 60)
                #expect(try await client.send("GET", "/console/overview", headers: Self.cookie(busy)).status == 200)
            }
            clock.advance(by: 5 * 60)
            #expect(try await client.send("GET", "/console/overview", headers: Self.cookie(busy)).status == 303, "past 1 h")
        }
    }

    @Test func aWrongTokenIsTheFormAgainWith401AndAttemptsAreLimitedPerAddressWithA429Page() async throws {
        #expect(RateLimits.defaultPolicies[.consoleSignIn] == RateLimitPolicy(count: 10, periodSeconds: 60))
        // A budget that does not refill within the test, however slow the machine.
        try await Self.withConsole({ $0.rateLimits.policies[.consoleSignIn] = RateLimitPolicy(count: 3, periodSeconds: 3600) }) { client, _ in
            let wrong = try await Self.signIn(client, token: "definitely-not-the-token")
            #expect(wrong.response.status == 401)
            #expect(wrong.id == nil)
            #expect(wrong.response.text.contains("neither the admin token nor a working API key"))
            #expect(wrong.response.text.contains("role=\"alert\""))
            Self.expectConsoleHeaders(wrong.response, "401")
            #expect(try await Self.signIn(client).response.status == 303)
            #expect(try await Self.signIn(client, token: "definitely-not-the-token").response.status == 401)
            let limited = try await Self.signIn(client)
            #expect(limited.response.status == 429, "the budget is spent, the right token included")
            #expect(limited.id == nil)
            #expect(limited.response.headers["retry-after"] != nil)
            #expect(limited.response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(limited.response.text.contains("console sign-in attempts"))
            Self.expectConsoleHeaders(limited.response, "429")
        }
    }

    @Test func aKeyWithTheConsoleScopeSignsInAndAKeyWithoutItIsRefused() async throws {
        try await Self.withConsole { client, _ in
            let reader = try await APIKeyEndpointsTests.makeKey(client, name: "reader", scopes: ["links:read"])
            let refused = try await Self.signIn(client, token: reader.text)
            #expect(refused.response.status == 403)
            #expect(refused.id == nil)
            #expect(refused.response.text.contains("lacks the console scope"))

            let operator_ = try await APIKeyEndpointsTests.makeKey(client, name: "operator", scopes: ["console"])
            let signedIn = try await Self.signIn(client, token: operator_.text)
            let id = try #require(signedIn.id)
            let system = try await client.send("GET", "/console/system", headers: Self.cookie(id))
            #expect(system.status == 200)
            #expect(system.text.contains("Only a session signed in with the admin token makes and revokes keys."))
            // A key's session may not manage keys, as on the API.
            let csrf = try Self.formToken(system)
            let made = try await client.send("POST", "/console/system/keys", headers: Self.sameOrigin.merging(Self.cookie(id)) { a, _ in a },
                                             body: Self.form([("name", "x"), ("scopes", "console"), ("csrf", csrf)]))
            #expect(made.status == 403)
            // Revoking the key ends its sessions.
            #expect(try await client.send("DELETE", "/v1/keys/\(operator_.id)", headers: Self.admin).status == 204)
            #expect(try await client.send("GET", "/console/system", headers: Self.cookie(id)).status == 303)

            let audit = try await client.send("GET", "/v1/audit", headers: Self.admin)
            #expect(audit.text.contains("\"actor\":\"key:operator(\(operator_.id))\""))
        }
    }

    @Test func changesMadeFromTheConsoleAreAuditedUnderTheSessionNeverItsId() async throws {
        try await Self.withConsole { client, _ in
            let id = try #require(try await Self.signIn(client).id)
            let csrf = try Self.formToken(try await client.send("GET", "/console/system", headers: Self.cookie(id)))
            let headers = Self.sameOrigin.merging(Self.cookie(id)) { a, _ in a }
            let made = try await client.send("POST", "/console/system/keys", headers: headers,
                                             body: Self.form([("name", "ci"), ("scopes", "links:read"), ("csrf", csrf)]))
            #expect(made.status == 201)
            let keyID = try #require(try JSONParser.parse(try await client.send("GET", "/v1/keys", headers: Self.admin).body)["keys"]?
                .arrayValue?.first?["id"]?.stringValue)
            let revoked = try await client.send("POST", "/console/system/keys/\(keyID)/revoke", headers: headers, body: Self.form([("csrf", csrf)]))
            #expect(revoked.status == 303)
            #expect(revoked.headers["location"] == "/console/system?done=key-revoked&subject=ci#keys")
            let landed = try await client.send("GET", "/console/system?done=key-revoked&subject=ci", headers: Self.cookie(id))
            #expect(landed.text.contains("<p class=\"banner-message\">Key ci revoked</p>"))

            let actor = "console:" + ConsoleSessions.hash(id).prefix(8)
            let log = try await client.send("GET", "/v1/audit", headers: Self.admin)
            #expect(log.text.contains("\"actor\":\"\(actor)\",\"action\":\"api_key.created\""), "\(log.text)")
            #expect(log.text.contains("\"actor\":\"\(actor)\",\"action\":\"api_key.revoked\""))
            #expect(log.text.contains("\"actor\":\"admin-token\",\"action\":\"console.signed_in\""))
            #expect(!log.text.contains(id), "the session id is the cookie's secret")
            // The System page lists the entries too.
            let system = try await client.send("GET", "/console/system", headers: Self.cookie(id))
            #expect(system.text.contains(actor))
        }
    }

    @Test func whatAVisitorOrRouteFileSuppliedComesOutEscaped() async throws {
        try await Self.withConsole { client, _ in
            let id = try #require(try await Self.signIn(client).id)
            let hostile = #"fuelmoney://settings/"><script>alert(1)</script>"#
            let allowed = CharacterSet.alphanumerics
            let tried = try await client.send("GET", "/console/routes?url=\(hostile.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")",
                                              headers: Self.cookie(id))
            #expect(tried.status == 200)
            #expect(!tried.text.contains("<script>"))
            #expect(tried.text.contains("value=\"fuelmoney://settings/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))

            // A short link's target reaches the System page through the audit log.
            let target = #"fuelmoney://settings/account?x="><img src=x onerror=alert(1)>"#
            let created = try await client.send("POST", "/v1/short-links", headers: Self.admin.merging(["Content-Type": "application/json"]) { a, _ in a },
                                                body: Array("{\"link\":\(JSONEscaping.quote(target)),\"alias\":\"hostile\"}".utf8))
            if created.status == 201 {
                let system = try await client.send("GET", "/console/system", headers: Self.cookie(id))
                #expect(!system.text.contains("<img"))
                #expect(system.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
            }
        }
    }

    @Test func aHostileRouteNameAndAppNameFromTheRouteFileComeOutEscaped() async throws {
        let file = #"{"app":{"name":"<b>Evil</b>","schemes":["evil"],"hosts":["evil.example.com"]},"routes":[{"name":"<img src=x onerror=alert(1)>","path":"/x"}]}"#
        try await ShortLinkEndpointsTests.withRouteFile(file) { path in
            try await Self.withConsole({ $0.routesPath = path }) { client, _ in
                let id = try #require(try await Self.signIn(client).id)
                let page = try await client.send("GET", "/console/routes?url=evil%3A%2F%2Fx", headers: Self.cookie(id))
                #expect(page.status == 200)
                #expect(!page.text.contains("<img") && !page.text.contains("<b>"))
                #expect(page.text.contains("<th scope=\"row\">&lt;img src=x onerror=alert(1)&gt;</th>"))
                #expect(page.text.contains("<dd>&lt;img src=x onerror=alert(1)&gt;</dd>"))
                #expect(page.text.contains("Every route of &lt;b&gt;Evil&lt;/b&gt;"))
            }
        }
    }

    @Test func routesTriesALinkWithItsFormatsCanonicalLinksAndQRCodeOrItsClosestRoutes() async throws {
        try await Self.withConsole { client, _ in
            let id = try #require(try await Self.signIn(client).id)
            let page = try await client.send("GET", "/console/routes?url=fuelmoney%3A%2F%2Fsettings%2Faccount", headers: Self.cookie(id))
            #expect(page.status == 200)
            #expect(page.text.contains("<th scope=\"row\">settings.account</th>"))
            #expect(page.text.contains("<dd>settings.account</dd>"))
            #expect(page.text.contains("Format navigationPath"))
            #expect(page.text.contains("<figure class=\"qr\"><svg"))
            let missing = try await client.send("GET", "/console/routes?url=fuelmoney%3A%2F%2Fsettings%2Faccout", headers: Self.cookie(id))
            #expect(missing.text.contains("class=\"error\">404: "))
            #expect(missing.text.contains("Closest routes:"))
            #expect(missing.text.contains("<li>/settings/account</li>"))
        }
    }

    @Test func theClaimsPageCountsAClaimThatExpiredUnredeemedOnceTheSweepHasDeletedIt() async throws {
        let clock = Clock()
        try await Self.withConsole(clock: clock) { client, application in
            let page = try await client.send("GET", "/settings/account", headers: ["User-Agent": LinkPlatformTests.iPhone])
            #expect(page.text.contains("claim-code"))
            // The claim made is an analytics count: written by a flush, not by the request.
            await AnalyticsEndpointsTests.flush(application)
            clock.advance(by: 8 * 86_400)
            #expect(await application.sweepExpiredClaims(now: clock.clock.now()) == 1)
            let id = try #require(try await Self.signIn(client).id)
            let claims = try await client.send("GET", "/console/claims", headers: Self.cookie(id))
            #expect(claims.status == 200)
            #expect(claims.text.contains("Made: 1 · Redeemed: 0 · Expired unredeemed: 1 in the last 30 UTC days."), "\(claims.text)")
            let expiryDay = AnalyticsBucket.dayText(AnalyticsBucket.day(of: Date(timeIntervalSince1970: 1_800_000_000 + 7 * 86_400)))
            #expect(claims.text.contains("<tr><th scope=\"row\">\(expiryDay)</th><td class=\"number\">0</td><td class=\"number\">0</td><td class=\"number\">1</td></tr>"),
                    "\(claims.text)")
        }
    }

    @Test func theOverviewCountsEveryLinksVisitsAsAChartAndATable() async throws {
        try await Self.withConsole { client, application in
            for _ in 0..<3 {
                _ = try await client.send("GET", "/settings/account", headers: ["User-Agent": AnalyticsEndpointsTests.mac,
                                                                                "Accept": "text/html"])
            }
            await AnalyticsEndpointsTests.flush(application)
            let id = try #require(try await Self.signIn(client).id)
            let page = try await client.send("GET", "/console/overview", headers: Self.cookie(id))
            #expect(page.status == 200)
            #expect(page.text.contains("<tr><th scope=\"row\">Human visits</th><td class=\"number\">3</td><td class=\"number\">3</td><td class=\"number\">3</td></tr>"),
                    "\(page.text)")
            #expect(page.text.contains("<svg class=\"chart\" role=\"img\" aria-labelledby=\"visits-caption\""))
            #expect(page.text.contains("<summary>The chart's numbers</summary>"))
            #expect(page.text.contains("The store is writable"))
            #expect(page.body.count < 60 * 1024)
            let claims = try await client.send("GET", "/console/claims", headers: Self.cookie(id))
            #expect(claims.status == 200)
            #expect(claims.text.contains("Made: 0 · Redeemed: 0 · Expired unredeemed: 0 in the last 30 UTC days."))
            #expect(claims.text.contains("aria-labelledby=\"claims-caption\""))
            let system = try await client.send("GET", "/console/system", headers: Self.cookie(id))
            #expect(system.text.contains("<th scope=\"row\">/.well-known/apple-app-site-association</th><td>valid JSON, "))
            #expect(system.text.contains("A1B2C3D4E5.com.example.fuelmoney"))
            let receipt = try await client.send("GET", "/console/system/privacy", headers: Self.cookie(id))
            #expect(receipt.text.contains("<th scope=\"row\">analytics_visits</th><td>scope, bucket, human, qr, preview, bot, claims, installs</td>"))
            for path in ["/console/overview", "/console/links", "/console/analytics", "/console/routes", "/console/webhooks", "/console/claims",
                         "/console/system", "/console/system/privacy"] {
                let answer = try await client.send("GET", path, headers: Self.cookie(id))
                #expect(answer.status == 200, "\(path)")
                #expect(answer.body.count < 60 * 1024, "\(path): \(answer.body.count) bytes")
                Self.expectConsoleHeaders(answer, path)
            }
        }
    }

    @Test func theWebhooksPageAddsRotatesTestsAndReplaysThroughTheAPIsChecksWithTheConsoleActor() async throws {
        try await Self.withConsole({ $0.webhooks.allowPrivate = true }) { client, _ in
            let id = try #require(try await Self.signIn(client).id)
            let list = try await client.send("GET", "/console/webhooks", headers: Self.cookie(id))
            #expect(list.status == 200)
            #expect(list.text.contains("No webhook endpoints yet."))
            let csrf = try Self.formToken(list)
            let headers = Self.sameOrigin.merging(Self.cookie(id)) { a, _ in a }

            let noEvents = try await client.send("POST", "/console/webhooks", headers: headers,
                                                 body: Self.form([("url", "http://127.0.0.1:9/hook"), ("csrf", csrf)]))
            #expect(noEvents.status == 400)
            #expect(noEvents.text.contains("non-empty list of event types"))

            let made = try await client.send("POST", "/console/webhooks", headers: headers,
                                             body: Self.form([("url", "http://127.0.0.1:9/hook?a=<b>x</b>"), ("events", "short_link.created"),
                                                              ("csrf", csrf)]))
            #expect(made.status == 201, "\(made.text)")
            #expect(made.text.contains("id=\"webhook-secret\">whsec_"))
            #expect(!made.text.contains("<b>x"))
            let listed = try await client.send("GET", "/console/webhooks", headers: Self.cookie(id))
            #expect(listed.text.contains("<td>short_link.created</td>"))
            #expect(!listed.text.contains("<b>x"))
            let endpointsDocument = try JSONParser.parse(try await client.send("GET", "/v1/webhooks", headers: Self.admin).body)
            let endpoint = try #require(endpointsDocument["webhooks"]?.arrayValue?.first?["id"]?.stringValue)

            let rotated = try await client.send("POST", "/console/webhooks/\(endpoint)/rotate", headers: headers, body: Self.form([("csrf", csrf)]))
            #expect(rotated.status == 200)
            #expect(rotated.text.contains("id=\"webhook-secret\">whsec_"))
            let tested = try await client.send("POST", "/console/webhooks/\(endpoint)/test", headers: headers, body: Self.form([("csrf", csrf)]))
            #expect(tested.status == 303)
            #expect(tested.headers["location"] == "/console/webhooks/\(endpoint)?done=webhook-test-sent")
            let deliveries = try await client.send("GET", "/console/webhooks/\(endpoint)", headers: Self.cookie(id))
            #expect(deliveries.status == 200)
            #expect(deliveries.text.contains("<td>webhook.test</td>"))
            let message = try #require(deliveries.text.range(of: "<th scope=\"row\">msg_").map { String(deliveries.text[$0.upperBound...].prefix { $0 != "<" }) })
            let replayed = try await client.send("POST", "/console/webhooks/\(endpoint)/deliveries/msg_\(message)/replay", headers: headers,
                                                 body: Self.form([("csrf", csrf)]))
            #expect(replayed.status == 303)
            // The same form without its token changes nothing.
            let refused = try await client.send("POST", "/console/webhooks/\(endpoint)/rotate", headers: headers, body: [])
            #expect(refused.status == 403)

            let actor = "console:" + ConsoleSessions.hash(id).prefix(8)
            let log = try await client.send("GET", "/v1/audit", headers: Self.admin)
            for action in ["webhook.created", "webhook.secret_rotated", "webhook.test_queued", "webhook.message_replayed"] {
                #expect(log.text.contains("\"actor\":\"\(actor)\",\"action\":\"\(action)\""), "\(action)")
            }
            #expect(!log.text.contains("whsec_"), "the audit log never holds a secret")
            let overview = try await client.send("GET", "/console/overview", headers: Self.cookie(id))
            #expect(overview.text.contains("None: 1 endpoint, all enabled, no event dropped."))
        }
    }

    @Test func theAnalyticsPageShowsTheAnalyticsAPIsNumbersAndItsCSV() async throws {
        try await Self.withConsole { client, application in
            for _ in 0..<3 {
                _ = try await client.send("GET", "/settings/account", headers: ["User-Agent": AnalyticsEndpointsTests.mac, "Accept": "text/html",
                                                                                "Referer": "https://news.example.com/<b>story</b>"])
            }
            await AnalyticsEndpointsTests.flush(application)
            let id = try #require(try await Self.signIn(client).id)
            let page = try await client.send("GET", "/console/analytics?tz=Europe%2FParis&dimension=referrer", headers: Self.cookie(id))
            #expect(page.status == 200)
            #expect(page.body.count < 60 * 1024)
            let api = try JSONParser.parse(try await client.send("GET", "/v1/analytics/timeseries?tz=Europe%2FParis", headers: Self.admin).body)
            let human = try #require(api["totals"]?["human"]?.intValue)
            #expect(human == 3)
            #expect(page.text.contains("<tr><th scope=\"row\">All</th><td class=\"number\">\(human)</td>"))
            #expect(page.text.contains("(Europe/Paris)"))
            #expect(page.text.contains("<tr><th scope=\"row\">news.example.com</th><td class=\"number\">3</td></tr>"))
            #expect(!page.text.contains("<b>story"))

            let csv = try await client.send("GET", "/console/analytics/breakdown.csv?dimension=referrer&tz=Europe%2FParis", headers: Self.cookie(id))
            let apiCSV = try await client.send("GET", "/v1/analytics/breakdown?dimension=referrer&tz=Europe%2FParis",
                                               headers: Self.admin.merging(["Accept": "text/csv"]) { a, _ in a })
            #expect(csv.status == 200)
            #expect(csv.body == apiCSV.body)
            #expect(csv.headers["content-disposition"]?.hasPrefix("attachment") == true)
            Self.expectConsoleHeaders(csv, "CSV")

            let wrong = try await client.send("GET", "/console/analytics?tz=Nowhere%2FBad", headers: Self.cookie(id))
            #expect(wrong.status == 400)
            #expect(wrong.text.contains("is not an IANA zone"))
            let fine = try await client.send("GET", "/console/analytics?interval=15m", headers: Self.cookie(id))
            #expect(fine.text.contains("more than a page draws"))
            #expect(fine.body.count < 60 * 1024)
        }
    }

    @Test func anUnknownConsolePathIsA404PageWithTheConsolesHeaders() async throws {
        try await Self.withConsole { client, _ in
            let id = try #require(try await Self.signIn(client).id)
            for (path, headers) in [("/console/nothing", [:]), ("/console/links/a/b/c", [:]), ("/console/nothing", Self.cookie(id)),
                                    ("/console/webhooks/x/y/z/w", Self.cookie(id)), ("/console/%3Cscript%3E", Self.cookie(id))] {
                let page = try await client.send("GET", path, headers: headers)
                #expect(page.status == 404, "\(path)")
                #expect(page.headers["content-type"] == "text/html; charset=utf-8", "\(path)")
                #expect(page.text.contains("<h1>No such page</h1>"), "\(path)")
                #expect(!page.text.contains("<script>"), "\(path)")
                Self.expectConsoleHeaders(page, path)
            }
            let head = try await client.send("HEAD", "/console/nothing")
            #expect(head.status == 404)
            #expect(head.headers["content-security-policy"] == Self.csp)
            // Not a console path: the link pages' catch-all still answers it.
            #expect(try await client.send("GET", "/consoles", headers: ["Accept": "text/html"]).headers["content-security-policy"] != Self.csp)
        }
    }

    @Test func withTheConsoleOffItsPathsAreNotServed() async throws {
        try await Self.withConsole({ $0.console.isOn = false }) { client, application in
            #expect(!application.endpoints.endpoints.contains { $0.pattern.hasPrefix("/console/") })
            let attempt = try await Self.signIn(client)
            #expect(attempt.id == nil)
        }
    }
}
