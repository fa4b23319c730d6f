import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkSQLite
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// Click analytics end to end: scripted visits through a trusted proxy (forwarded addresses, a
/// country header, referrers, a QR scan, previews, bots, HEADs), a flush, and the exact counts in
/// every answer and in CSV.
@Suite struct AnalyticsEndpointsTests {
    static let admin = ShortLinkEndpointsTests.admin
    static let html = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
    static let mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
    static let slack = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
    /// The day of `ShortLinkEndpointsTests.start`, 2027-01-15 (UTC).
    static let day = "from=2027-01-15&to=2027-01-15"

    static func withService(analytics: Bool = true, trust: Bool = true, database: String = ":memory:",
                            _ body: (LoopbackClient, SceneLinkApplication) async throws -> Void) async throws {
        let proxies = trust ? try HTTPTrustedProxies(parsing: "127.0.0.1/32") : HTTPTrustedProxies()
        try await SceneLinkApplicationTests.withService(clock: ShortLinkEndpointsTests.Clock().clock, { configuration in
            configuration.databasePath = database
            configuration.shortLinks.adminToken = ShortLinkEndpointsTests.token
            configuration.analytics.isOn = analytics
            configuration.analytics.countryHeader = "CF-IPCountry"
            configuration.http.trustedProxies = proxies
        }, body)
    }

    static func flush(_ application: SceneLinkApplication) async {
        await withCheckedContinuation { continuation in application.analytics.flush { continuation.resume() } }
    }

    static func visit(_ client: LoopbackClient, _ target: String, agent: String?, from address: String,
                      extra: [String: String] = [:], method: String = "GET", accept: String = html) async throws -> Int {
        var headers = ["Accept": accept, "X-Forwarded-For": address].merging(extra) { _, new in new }
        if let agent { headers["User-Agent"] = agent }
        return try await client.send(method, target, headers: headers).status
    }

    static func json(_ client: LoopbackClient, _ target: String) async throws -> [String: Any] {
        let response = try await client.send("GET", target, headers: admin)
        #expect(response.status == 200, "\(target): \(response.text)")
        return try ShortLinkEndpointsTests.document(response)
    }

    static func rows(_ document: [String: Any]) -> [String: Int] {
        var rows: [String: Int] = [:]
        for row in document["rows"] as? [[String: Any]] ?? [] {
            if let value = row["value"] as? String, let count = row["count"] as? Int { rows[value] = count }
        }
        return rows
    }

    /// The scripted day: 4 people (one twice), a previewer, a scripted client; HEADs and JSON
    /// calls are no visits.
    static func scriptedVisits(_ client: LoopbackClient) async throws {
        let premium = "/settings/premium"
        #expect(try await visit(client, premium, agent: iPhone, from: "203.0.113.1",
                                extra: ["CF-IPCountry": "jp", "Referer": "https://www.Instagram.com/p/abc?x=1"]) == 200)
        #expect(try await visit(client, premium, agent: iPhone, from: "203.0.113.1", extra: ["CF-IPCountry": "JP"]) == 200)
        #expect(try await visit(client, premium + "?sl_qr=1", agent: android, from: "203.0.113.2",
                                extra: ["CF-IPCountry": "DE", "Referer": "android-app://com.google.android.gm/"]) == 200)
        #expect(try await visit(client, premium, agent: mac, from: "203.0.113.3", extra: ["Referer": "https://m.facebook.com/story"]) == 200)
        #expect(try await visit(client, premium, agent: slack, from: "203.0.113.4") == 200)
        #expect(try await visit(client, premium, agent: "curl/8.5.0", from: "203.0.113.5") == 200)
        #expect(try await visit(client, premium, agent: iPhone, from: "203.0.113.6", method: "HEAD") == 200)
        #expect(try await visit(client, premium, agent: iPhone, from: "203.0.113.6", accept: "application/json") == 200)
    }

    @Test func scriptedVisitsGiveExactCountsInEveryAnswer() async throws {
        try await Self.withService { client, application in
            try await Self.scriptedVisits(client)
            await Self.flush(application)
            let scope = "scope=route:settings.premium&" + Self.day
            let series = try await Self.json(client, "/v1/analytics/timeseries?\(scope)&tz=UTC&interval=day")
            let totals = try #require(series["totals"] as? [String: Int])
            #expect(totals == ["human": 4, "qr": 1, "preview": 1, "bot": 1, "claims": 3, "installs": 0])
            #expect((series["buckets"] as? [[String: Any]])?.count == 1)
            #expect((series["buckets"] as? [[String: Any]])?.first?["start"] as? String == "2027-01-15T00:00:00Z")
            // `all` counts each visit once, the same.
            let all = try await Self.json(client, "/v1/analytics/timeseries?\(Self.day)")
            #expect(all["totals"] as? [String: Int] == totals)

            let expected: [String: [String: Int]] = [
                "platform": ["ios": 2, "android": 1, "macos": 1],
                "browser": ["safari": 2, "chrome": 2],
                "referrer": ["instagram.com": 1, "com.google.android.gm": 1, "facebook.com": 1, "(direct)": 1],
                "country": ["JP": 2, "DE": 1, "unknown": 1],
                "trigger": ["click": 3, "qr": 1],
                "outcome": ["claim": 3, "web": 1],
                "preview": ["slack": 1],
            ]
            for (dimension, rows) in expected {
                let breakdown = try await Self.json(client, "/v1/analytics/breakdown?dimension=\(dimension)&\(scope)")
                #expect(Self.rows(breakdown) == rows, "\(dimension)")
                #expect(breakdown["total"] as? Int == rows.values.reduce(0, +), "\(dimension)")
            }
            let uniques = try await Self.json(client, "/v1/analytics/uniques?\(scope)")
            #expect((uniques["days"] as? [[String: Any]])?.first?["visitors"] as? Int == 3)
            #expect((uniques["days"] as? [[String: Any]])?.first?["day"] as? String == "2027-01-15")
        }
    }

    @Test func anIPv6VisitorCountsOnceForItsWhole64AsTheRateLimitsCountIt() async throws {
        try await Self.withService { client, application in
            // Three addresses of one /64 (one subscriber's privacy addresses), then another /64.
            for address in ["2001:db8:1:2::1", "2001:db8:1:2::abcd", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:3::1"] {
                #expect(try await Self.visit(client, "/settings/premium", agent: Self.iPhone, from: address) == 200)
            }
            await Self.flush(application)
            let uniques = try await Self.json(client, "/v1/analytics/uniques?scope=all&" + Self.day)
            #expect((uniques["days"] as? [[String: Any]])?.first?["visitors"] as? Int == 2)
        }
    }

    @Test func aScopeKeepsAtMost100ReferrersADayByNameAndTheRestUnderOther() async throws {
        try await Self.withService { client, application in
            for index in 0..<105 {
                #expect(try await Self.visit(client, "/settings/premium", agent: Self.iPhone, from: "198.51.100.\(index + 1)",
                                             extra: ["Referer": "https://site\(index).example/"]) == 200)
            }
            await Self.flush(application)
            let breakdown = try await Self.json(client, "/v1/analytics/breakdown?dimension=referrer&scope=all&limit=1000&" + Self.day)
            let rows = Self.rows(breakdown)
            #expect(rows.count == 101)
            #expect(rows["(other)"] == 5)
            #expect(breakdown["total"] as? Int == 105)
            // `limit` lists the largest values only; the total still counts them all.
            let top = try await Self.json(client, "/v1/analytics/breakdown?dimension=referrer&scope=all&limit=3&" + Self.day)
            #expect((top["rows"] as? [[String: Any]])?.first?["value"] as? String == "(other)")
            #expect((top["rows"] as? [[String: Any]])?.count == 3)
            #expect(top["total"] as? Int == 105 && top["omitted"] as? Int == 98)
            #expect(breakdown["omitted"] as? Int == 0)
            // 100 values unless asked for more.
            let standard = try await Self.json(client, "/v1/analytics/breakdown?dimension=referrer&scope=all&" + Self.day)
            #expect((standard["rows"] as? [[String: Any]])?.count == 100 && standard["omitted"] as? Int == 1)
            for bad in ["0", "1001", "ten"] {
                let refused = try await client.send("GET", "/v1/analytics/breakdown?dimension=referrer&limit=\(bad)", headers: Self.admin)
                #expect(refused.status == 400 && refused.text.contains("limit takes a whole number from 1 to 1000"), "\(bad)")
            }
            let metrics = try await client.send("GET", "/metrics", headers: [:]).text
            // Five in each scope the visits counted in: `all` and the route's.
            #expect(metrics.contains("scenelink_analytics_other_values_total 10\n"))
        }
    }

    @Test func csvAnswersAreRFC4180AndNeverFormulas() async throws {
        try await Self.withService { client, application in
            #expect(try await Self.visit(client, "/settings/premium", agent: Self.mac, from: "203.0.113.9",
                                         extra: ["Referer": "https://-1.example/"]) == 200)
            await Self.flush(application)
            let csv = ["Accept": "text/csv"].merging(Self.admin) { a, _ in a }
            let breakdown = try await client.send("GET", "/v1/analytics/breakdown?dimension=referrer&\(Self.day)", headers: csv)
            #expect(breakdown.status == 200)
            #expect(breakdown.headers["content-type"] == AnalyticsCSV.contentType)
            #expect(breakdown.text == "value,count\r\n'-1.example,1\r\n")
            let series = try await client.send("GET", "/v1/analytics/timeseries?\(Self.day)&interval=hour&tz=Asia/Kathmandu",
                                               headers: csv)
            let lines = series.text.split(separator: "\r\n")
            #expect(lines.first == "start,human,qr,preview,bot,claims,installs")
            #expect(lines.count == 1 + 24)
            #expect(lines[1] == "2027-01-15T00:00:00+05:45,0,0,0,0,0,0")
            // 08:00 UTC is 13:45 in Kathmandu: the hour that starts at 13:00 local.
            #expect(lines.contains("2027-01-15T13:00:00+05:45,1,0,0,0,0,0"))
        }
    }

    @Test(arguments: [
        ("/v1/analytics/timeseries?scope=everything", "The scope 'everything' is not one of all, link:CODE"),
        ("/v1/analytics/timeseries?interval=week", "The interval 'week' is not one of 15m, hour, day."),
        ("/v1/analytics/breakdown?dimension=os", "The dimension 'os' is not one of platform, browser"),
        ("/v1/analytics/breakdown", "The dimension '' is not one of"),
        ("/v1/analytics/timeseries?tz=Mars/Olympus", "The time zone 'Mars/Olympus' is not an IANA zone"),
        ("/v1/analytics/timeseries?from=2027-01-15&to=2027-01-14", "The range ends (2027-01-14) before it starts (2027-01-15)"),
        ("/v1/analytics/timeseries?from=2024-01-01&to=2027-01-14&interval=15m", "The range spans 1110 days, more than the 800"),
        ("/v1/analytics/uniques?from=15/01/2027", "The from date '15/01/2027' is not a calendar date; send YYYY-MM-DD."),
        ("/v1/analytics/export?interval=week", "The interval 'week' is not one of 15m, hour, day."),
        ("/v1/analytics/export?tz=Mars/Olympus", "The time zone 'Mars/Olympus' is not an IANA zone"),
        ("/v1/analytics/export?from=2027-01-15&to=2027-01-14", "The range ends (2027-01-14) before it starts (2027-01-15)"),
    ])
    func badParametersAre400ProblemsSayingWhatToFix(target: String, detail: String) async throws {
        try await Self.withService { client, _ in
            let response = try await client.send("GET", target, headers: Self.admin)
            #expect(response.status == 400)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(ShortLinkEndpointsTests.problemType(response) == "invalid-analytics-query")
            #expect((try ShortLinkEndpointsTests.document(response)["detail"] as? String)?.hasPrefix(detail) == true,
                    "\(response.text)")
        }
    }

    @Test func aShortLinksVisitsClaimAndInstallCountUnderItsCodeAndRoute() async throws {
        try await Self.withService { client, application in
            let created = try await ShortLinkEndpointsTests.create(
                client, #"{"link": "https://fuelmoney.example.com/settings/premium", "alias": "spring"}"#)
            #expect(created.status == 201)
            let page = try await client.send("GET", "/s/spring", headers: ["Accept": Self.html, "User-Agent": Self.iPhone,
                                                                             "X-Forwarded-For": "198.51.100.7"])
            #expect(page.status == 200)
            let token = try #require(page.text.range(of: "/c/").map { page.text[$0.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } })
            let json = try await client.send("GET", "/s/spring", headers: ["Accept": "application/json", "User-Agent": "curl/8.5.0"])
            #expect(json.status == 200)
            #expect(try await client.send("GET", "/s/unknown-code", headers: ["Accept": Self.html, "User-Agent": Self.mac]).status == 404)
            let redeemed = try await client.send("POST", "/v1/claims/redeem", headers: ["Content-Type": "application/json"],
                                                 body: Array(#"{"claim": "\#(token)", "install": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#.utf8))
            #expect(redeemed.status == 200, "\(redeemed.text)")
            #expect((try ShortLinkEndpointsTests.document(redeemed)["claim"] as? [String: Any])?["shortLink"] as? String == "spring")
            // The same install again is no second install.
            #expect(try await client.send("POST", "/v1/claims/redeem", headers: ["Content-Type": "application/json"],
                                          body: Array(#"{"claim": "\#(token)", "install": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#.utf8)).status == 200)
            await Self.flush(application)

            let link = try await Self.json(client, "/v1/analytics/timeseries?scope=link:spring&\(Self.day)")
            #expect(link["totals"] as? [String: Int] == ["human": 1, "qr": 0, "preview": 0, "bot": 1, "claims": 1, "installs": 1])
            let route = try await Self.json(client, "/v1/analytics/timeseries?scope=route:settings.premium&\(Self.day)")
            #expect(route["totals"] as? [String: Int] == ["human": 1, "qr": 0, "preview": 0, "bot": 1, "claims": 1, "installs": 1])
            // The unknown code is a visit of `all` only.
            let all = try await Self.json(client, "/v1/analytics/breakdown?dimension=outcome&\(Self.day)")
            #expect(Self.rows(all) == ["claim": 1, "not-found": 1])

            let listed = try await Self.json(client, "/v1/short-links")
            let visits = (listed["shortLinks"] as? [[String: Any]])?.first?["visits"] as? [String: Int]
            #expect(visits == ["human": 1, "preview": 0, "bot": 1])

            // A purge leaves nothing of the link, and the privacy receipt shows every table.
            let purge = try await client.send("DELETE", "/v1/analytics?scope=link:spring", headers: Self.admin)
            #expect(purge.status == 200)
            #expect((try ShortLinkEndpointsTests.document(purge)["deleted"] as? Int ?? 0) > 0)
            let after = try await Self.json(client, "/v1/analytics/timeseries?scope=link:spring&\(Self.day)")
            #expect((after["totals"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
            let privacy = try await Self.json(client, "/v1/analytics/privacy")
            let tables = (privacy["tables"] as? [[String: Any]])?.compactMap { $0["table"] as? String }
            #expect(tables == AnalyticsTableReceipt.tables.map(\.table))
            #expect(try await client.send("DELETE", "/v1/analytics?scope=all", headers: Self.admin).status == 400)
        }
    }

    @Test func aCountryHeaderIsBelievedFromATrustedProxyOnly() async throws {
        try await Self.withService(trust: false) { client, application in
            #expect(try await Self.visit(client, "/settings", agent: Self.mac, from: "203.0.113.1", extra: ["CF-IPCountry": "JP"]) == 200)
            await Self.flush(application)
            let rows = Self.rows(try await Self.json(client, "/v1/analytics/breakdown?dimension=country&\(Self.day)"))
            #expect(rows == ["unknown": 1])
        }
    }

    @Test func withAnalyticsOffNothingIsCountedAndTheReportsSaySo() async throws {
        try await Self.withService(analytics: false) { client, application in
            #expect(try await Self.visit(client, "/settings", agent: Self.mac, from: "203.0.113.1") == 200)
            await Self.flush(application)
            let series = try await client.send("GET", "/v1/analytics/timeseries", headers: Self.admin)
            #expect(series.status == 404)
            #expect(ShortLinkEndpointsTests.problemType(series) == "analytics-off")
            #expect(try await client.send("GET", "/v1/analytics/export", headers: Self.admin).status == 404)
            let privacy = try await Self.json(client, "/v1/analytics/privacy")
            #expect(privacy["analytics"] as? String == "off")
            #expect((privacy["tables"] as? [[String: Any]])?.allSatisfy { $0["rows"] as? Int == 0 } == true)
        }
    }

    @Test func aShutdownWritesEveryVisitCountedBeforeTheStoreCloses() async throws {
        let path = NSTemporaryDirectory() + "scenelink-analytics-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try await Self.withService(database: path) { client, _ in
            for index in 0..<25 {
                let status = try await Self.visit(client, "/explain", agent: Self.mac, from: "203.0.113.\(index)")
                #expect(status == 200)
            }
            // No flush: the 5-second timer has not fired; stopping the service must write them.
        }
        let store = try SQLiteSceneStateStore(path: path)
        defer { try? store.close() }
        let totals = try await awaiting { store.analyticsTotals(scopes: ["route:explain", "all"], completion: $0) }
        #expect(totals["route:explain"]?.human == 25)
        #expect(totals["all"]?.human == 25)
    }

    /// The body of a chunked response (RFC 9112 §7.1), checking its framing.
    static func dechunk(_ bytes: [UInt8]) throws -> String {
        var body: [UInt8] = []
        var offset = 0
        while true {
            guard let end = (offset ..< max(offset, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                  let size = Int(String(decoding: bytes[offset ..< end], as: UTF8.self), radix: 16),
                  end + 2 + size + 2 <= bytes.count else { throw LoopbackClient.Failure(description: "bad chunk at \(offset)") }
            if size == 0 { return String(decoding: body, as: UTF8.self) }
            body += bytes[(end + 2) ..< (end + 2 + size)]
            offset = end + 2 + size + 2
        }
    }

    /// 2027-01-15T08:00:00Z as a bucket.
    static let eight: Int64 = 1_800_000_000 / 900

    @Test func theExportStreamsEveryLinksDaysWithCountsInItsZone() async throws {
        try await Self.withService { client, application in
            await withCheckedContinuation { continuation in
                application.store.recordAnalytics(AnalyticsBatch(visits: [
                    .init(scope: "link:beta", bucket: Self.eight - 36, counts: AnalyticsCounts(human: 2, qr: 1)),  // 23:00 on the 14th
                    .init(scope: "link:alpha", bucket: Self.eight, counts: AnalyticsCounts(human: 3, bot: 1)),
                    .init(scope: "link:alpha", bucket: Self.eight + 48, counts: AnalyticsCounts(human: 1, claims: 1)),  // 20:00
                    .init(scope: "link:alpha", bucket: Self.eight + 64, counts: AnalyticsCounts()),  // all zero: no row
                    .init(scope: "all", bucket: Self.eight, counts: AnalyticsCounts(human: 6)),
                    .init(scope: "route:settings", bucket: Self.eight, counts: AnalyticsCounts(human: 6)),
                ])) { _ in continuation.resume() }
            }
            let range = "from=2027-01-14&to=2027-01-16"
            let utc = try await client.send("GET", "/v1/analytics/export?\(range)", headers: Self.admin)
            #expect(utc.status == 200)
            #expect(utc.headers["transfer-encoding"] == "chunked")
            #expect(utc.headers["content-length"] == nil)
            #expect(utc.headers["content-type"] == AnalyticsCSV.contentType)
            #expect(utc.headers["content-disposition"] == "attachment; filename=\"scenelink-export.csv\"")
            #expect(try Self.dechunk(utc.body) == "scope,start,human,qr,preview,bot,claims,installs\r\n"
                + "link:alpha,2027-01-15T00:00:00Z,4,0,0,1,1,0\r\n"
                + "link:beta,2027-01-14T00:00:00Z,2,1,0,0,0,0\r\n")
            // In Kathmandu (+05:45) 20:00 UTC is the next day, and 23:00 on the 14th is the 15th.
            let local = try await client.send("GET", "/v1/analytics/export?\(range)&tz=Asia/Kathmandu&interval=day", headers: Self.admin)
            #expect(try Self.dechunk(local.body) == "scope,start,human,qr,preview,bot,claims,installs\r\n"
                + "link:alpha,2027-01-15T00:00:00+05:45,3,0,0,1,0,0\r\n"
                + "link:alpha,2027-01-16T00:00:00+05:45,1,0,0,0,1,0\r\n"
                + "link:beta,2027-01-15T00:00:00+05:45,2,1,0,0,0,0\r\n")
            let hours = try await client.send("GET", "/v1/analytics/export?\(range)&interval=hour", headers: Self.admin)
            #expect(try Self.dechunk(hours.body).split(separator: "\r\n").dropFirst().first == "link:alpha,2027-01-15T08:00:00Z,3,0,0,1,0,0")
            // Nothing in the range: the header row alone.
            let empty = try await client.send("GET", "/v1/analytics/export?from=2027-01-01&to=2027-01-02", headers: Self.admin)
            #expect(try Self.dechunk(empty.body) == "scope,start,human,qr,preview,bot,claims,installs\r\n")
            // A key without analytics:read is refused, as for every report.
            #expect(try await client.send("GET", "/v1/analytics/export").status == 401)
        }
    }

    @Test(arguments: [1, 2, 3, 5_000])
    func theExportIsTheSameWhateverThePageSize(pageSize: Int) async throws {
        let store = InMemoryAnalyticsStore()
        var visits: [AnalyticsBatch.Visits] = []
        for link in ["a", "b", "c"] {
            for hour in stride(from: Int64(0), to: 72, by: 5) {
                visits.append(.init(scope: "link:" + link, bucket: Self.eight + hour * 4, counts: AnalyticsCounts(human: hour + 1)))
            }
        }
        store.recordAnalytics(AnalyticsBatch(visits: visits)) { _ in }
        let range = try AnalyticsRange(from: "2027-01-15", to: "2027-01-18", zone: "Europe/Berlin", now: Date())
        let export = try await withCheckedThrowingContinuation { continuation in
            AnalyticsExport.start(store: store, range: range, interval: .day, pageSize: pageSize) { continuation.resume(with: $0) }
        }
        var body: [UInt8] = []
        var pulls = 0
        while pulls < 1_000 {
            pulls += 1
            let part = await withCheckedContinuation { continuation in export.stream.next { continuation.resume(returning: $0) } }
            guard case .bytes(let bytes) = part else { break }
            body += bytes
        }
        let lines = String(decoding: body, as: UTF8.self).split(separator: "\r\n")
        // 08:00 UTC on the 15th is 09:00 in Berlin; 72 hours reach into the 18th's morning.
        #expect(lines.count == 1 + 3 * 4)
        // 09:00 to midnight in Berlin is 08:00 to 23:00 UTC: the walk's hours 0, 5 and 10.
        #expect(lines[1] == "link:a,2027-01-15T00:00:00+01:00,18,0,0,0,0,0")
        #expect(lines.last?.hasPrefix("link:c,2027-01-18T00:00:00+01:00,") == true)
        let counts: [Int] = lines.dropFirst().compactMap { line in Int(line.split(separator: ",")[2]) }
        let expected: Int = stride(from: 0, to: 72, by: 5).reduce(0) { $0 + $1 + 1 } * 3
        #expect(counts.reduce(0, +) == expected)
    }
}
