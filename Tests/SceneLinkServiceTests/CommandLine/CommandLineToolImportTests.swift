import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService
@testable import SceneLinkSQLite

/// `scenelink import`: the exports of Firebase Dynamic Links, Bitly, Shlink and YOURLS into a
/// SQLite file, with the report of every row.
@Suite struct CommandLineToolImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/import")
    static let firebase = fixtures.appendingPathComponent("firebase-links.fuelmoney.example.com.csv").path
    static let promo = fixtures.appendingPathComponent("firebase-promo.fuelmoney.example.com.csv").path

    static func withDatabase(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-import-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", ".report.json"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try await body(path)
    }

    static func link(_ db: String, _ code: String) async throws -> ShortLink? {
        let store = try SQLiteSceneStateStore(path: db)
        defer { try? store.close() }
        return try await awaiting { store.shortLink(code: try ShortCode(code), countingClickAt: nil, completion: $0) }
    }

    @Test func aFirebaseExportComesInWithItsCodesCardsFallbacksAndCampaignsAndAgainChangesNothing() async throws {
        try await Self.withDatabase { db in
            let arguments = ["import", "firebase", Self.firebase, "--db", db, "--link-domains", "blog.fuelmoney.example.com",
                             "--host", "links.fuelmoney.example.com"]
            let dry = CommandLineRun(arguments + ["--dry-run"])
            #expect(dry.status == 1, "\(dry.err)")
            #expect(dry.out.hasPrefix("\(Self.firebase) (firebase): 184 created, 20 archived, 5 no-route, 10 not-allowed, 1 invalid (dry run: nothing written)"))
            #expect(!FileManager.default.fileExists(atPath: db), "a dry run makes no database")

            let run = CommandLineRun(arguments + ["--report", db + ".report.json"])
            #expect(run.status == 1)
            #expect(run.out.hasPrefix("\(Self.firebase) (firebase): 184 created, 20 archived, 5 no-route, 10 not-allowed, 1 invalid\n"))
            #expect(run.out.contains("row 102: invalid (fallbacks.ios) [cYng2]: \"fallbacks.ios\": give an http or https URL"))
            #expect(run.out.contains("row 10: no-route [sD7CLU]: No route matches /settings/acount. The closest routes are /settings/account"))
            let report = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: db + ".report.json"))))
            #expect(report["rows"]?.arrayValue?.count == 220)
            #expect(report["created"]?.intValue == 184)
            #expect(report["ignoredColumns"]?.arrayValue?.count == 7)

            // A card (st, sd, si), the codes case-exact.
            let card = try #require(try await Self.link(db, "RafQ"))
            #expect(card.settings.preview == LinkPreview(title: "Spring offer 0", description: "Half off premium, this week only",
                                                         image: "https://cdn.fuelmoney.example.com/cards/0.png"))
            #expect(card.title == "Campaign link 0")
            #expect(card.createdAt == Date(timeIntervalSince1970: 1_673_309_420))
            #expect(try await Self.link(db, "rafq") == nil)
            // Fallbacks (ifl, ipfl, afl, ofl).
            let fallbacks = try #require(try await Self.link(db, "FTVBE"))
            #expect(fallbacks.settings.fallbacks == ShortLinkFallbacks(ios: "https://www.fuelmoney.example.com/ios", ipad: "https://www.fuelmoney.example.com/ipad",
                                                                       android: "https://www.fuelmoney.example.com/android",
                                                                       desktop: "https://www.fuelmoney.example.com/"))
            // A web page on an allowed site, and efr=1.
            let rows = report["rows"]?.arrayValue ?? []
            let web = try #require(rows.first { $0["row"]?.intValue == 7 }?["code"]?.stringValue)
            #expect(try await Self.link(db, web)?.link == "https://blog.fuelmoney.example.com/post-5?ref=fdl")
            let skip = try #require(rows.first { $0["row"]?.intValue == 5 }?["code"]?.stringValue)
            #expect(try await Self.link(db, skip)?.settings.skipPage == true)
            let utm = try #require(rows.first { $0["row"]?.intValue == 4 }?["code"]?.stringValue)
            #expect(try await Self.link(db, utm)?.settings.campaign.values.map(\.name) == ["utm_source", "utm_medium", "utm_campaign", "pt", "ct", "mt"])

            let again = CommandLineRun(arguments)
            #expect(again.out.hasPrefix("\(Self.firebase) (firebase): 184 unchanged, 20 archived, 5 no-route, 10 not-allowed, 1 invalid\n"))
        }
    }

    @Test func codesUnderAPrefixNeedThePrefixAndAnotherDomainIsRefused() async throws {
        try await Self.withDatabase { db in
            let without = CommandLineRun(["import", "firebase", Self.promo, "--db", db])
            #expect(without.status == 1)
            #expect(without.out.contains("12 invalid"))
            #expect(without.out.contains("name it with --prefix"))
            let host = CommandLineRun(["import", "firebase", Self.promo, "--db", db, "--prefix", "/promo/", "--host", "links.fuelmoney.example.com"])
            #expect(host.out.contains("is on promo.fuelmoney.example.com, not links.fuelmoney.example.com (--host)"))
            let with = CommandLineRun(["import", "firebase", Self.promo, "--db", db, "--prefix", "/promo/"])
            #expect(with.status == 0, "\(with.out)")
            #expect(with.out.hasPrefix("\(Self.promo) (firebase): 12 created"))
        }
    }

    @Test(arguments: [("bitly", "9 created, 1 not-allowed", "Fm3x3"), ("shlink", "8 created", "sh1Code"), ("yourls", "6 created", "yo2")])
    func otherServicesExportsKeepTheirCodes(format: String, totals: String, code: String) async throws {
        try await Self.withDatabase { db in
            let file = Self.fixtures.appendingPathComponent(format + ".csv").path
            let run = CommandLineRun(["import", format, file, "--db", db])
            #expect(run.out.hasPrefix("\(file) (\(format)): \(totals)"), "\(run.out)")
            let link = try #require(try await Self.link(db, code))
            #expect(link.link.hasPrefix("https://fuelmoney.example.com/"))
            #expect(link.title != nil)
            // Each export's own way of writing when the link was made is kept.
            let created = ["bitly": "2022-05-04T10:00:00Z", "shlink": "2021-03-02T12:00:00Z", "yourls": "2020-01-03T08:00:00Z"][format]
            #expect(link.createdAt == created.flatMap(RFC3339.date))
            if format != "yourls" { #expect(link.tags == [] || link.tags.map(\.rawValue).contains { ["spring-sale", "email", "promo", "spring"].contains($0) }) }
        }
    }

    @Test(arguments: [
        (["import"], "Name the export's format and file"),
        (["import", "tinyurl", "x.csv"], "'tinyurl' is not a format import reads; give one of csv|firebase|bitly|shlink|yourls."),
        (["import", "firebase"], "Name the file to import"),
        (["import", "csv", "x.csv", "--prefix", "promo"], "--prefix is a path, starting with /"),
        (["import", "csv", "x.csv", "--link-domains", "localhost"], "--link-domains: 'localhost' is not a web domain"),
    ])
    func usageErrorsSayWhatToFixAndExit2(arguments: [String], message: String) {
        let run = CommandLineRun(arguments)
        #expect(run.status == 2)
        #expect(run.err.contains(message), "\(run.err)")
    }

    @Test func aFileThatIsNotTheFormatExits2WithTheSentence() async throws {
        try await Self.withDatabase { db in
            let missing = CommandLineRun(["import", "csv", db + ".none.csv", "--db", db])
            #expect(missing.status == 2)
            #expect(missing.err.contains("cannot read"))
            let yourls = Self.fixtures.appendingPathComponent("yourls.csv").path
            let wrong = CommandLineRun(["import", "bitly", yourls, "--db", db])
            #expect(wrong.status == 2)
            #expect(wrong.err.contains("this is not a bitly export"), "\(wrong.err)")
        }
    }
}
