import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkService
@testable import SceneLinkSQLite

/// `scenelink links check`: every stored link, route sample and listed link against the next
/// release's route file, on a SQLite file with visits.
@Suite struct CommandLineToolLinksTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/links-check")
    private static let fuelMoney = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/fuelmoney.json").path

    private static func candidate(_ name: String) -> String { fixtures.appendingPathComponent(name + ".json").path }

    /// A database with a short link of every kind: to a screen with visits, through the app's
    /// scheme, without visits, expired, and one that no route takes today.
    private static func withDatabase(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-links-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteSceneStateStore(path: path)
        let now = Date()
        let links: [(code: String, link: String, expired: Bool, visits: Int64)] = [
            ("acct", "https://fuelmoney.example.com/settings/account", false, 12),
            ("prem", "fuelmoney://settings/premium", false, 3),
            ("expl", "https://fuelmoney.example.com/explain", false, 0),
            ("gone", "https://fuelmoney.example.com/settings/account", true, 5),
            ("dead", "https://fuelmoney.example.com/old-screen", false, 1),
        ]
        for entry in links {
            let link = ShortLink(code: try ShortCode(entry.code), link: entry.link, createdAt: now.addingTimeInterval(-86_400),
                                 expiresAt: entry.expired ? now.addingTimeInterval(-60) : nil)
            _ = try await awaiting { store.createShortLink(link, recording: nil, completion: $0) }
        }
        let bucket = AnalyticsBucket.index(of: now)
        let visits = links.filter { $0.visits > 0 }.map {
            AnalyticsBatch.Visits(scope: "link:" + $0.code, bucket: bucket, counts: AnalyticsCounts(human: $0.visits))
        }
        try await awaiting { store.recordAnalytics(AnalyticsBatch(visits: visits), completion: $0) }
        try store.close()
        try await body(path)
    }

    private static func report(_ run: CommandLineRun) throws -> JSONValue {
        try JSONParser.parse(Array(run.out.utf8))
    }

    /// `code → status visits` of the short links, `route → status` of the samples.
    private static func statuses(_ document: JSONValue) -> [String] {
        (document["links"]?.arrayValue ?? []).compactMap { link -> String? in
            let status = link["status"]?.stringValue ?? "?"
            if let code = link["code"]?.stringValue { return "\(code) \(status) \(link["visits"]?.intValue ?? -1)" }
            if let route = link["route"]?.stringValue, link["kind"]?.stringValue == "route-example" { return "\(route) \(status)" }
            return "line \(link["line"]?.intValue ?? -1) \(status)"
        }.sorted()
    }

    @Test func renamingWithAliasesMovesNothing() async throws {
        try await Self.withDatabase { db in
            let run = CommandLineRun(["links", "check", Self.candidate("renamed-with-aliases"), "--routes", Self.fuelMoney, "--db", db, "--json"])
            #expect(run.status == 0, "\(run.out)\(run.err)")
            let document = try Self.report(run)
            #expect(document["passes"] == .bool(true))
            #expect(document["summary"]?["moved"]?.intValue == 0)
            #expect(document["summary"]?["broken"]?.intValue == 0)
            #expect(document["summary"]?["stale"]?.intValue == 1)
            #expect(Self.statuses(document).contains("dead stale 1"))
            #expect(Self.statuses(document).contains("acct same 12"))
        }
    }

    @Test func renamingWithoutAliasesNamesEveryMovedAndBrokenLinkWithItsVisits() async throws {
        try await Self.withDatabase { db in
            let run = CommandLineRun(["links", "check", Self.candidate("renamed-without-aliases"), "--routes", Self.fuelMoney, "--db", db, "--json"])
            #expect(run.status == 1, "\(run.err)")
            let document = try Self.report(run)
            #expect(document["passes"] == .bool(false))
            #expect(Self.statuses(document).filter { !$0.contains(" same") } == [
                "acct broken 12", "dead stale 1", "explain moved", "expl moved 0", "gone broken 5", "settings.account broken",
            ].sorted())
            // The expired link is reported and does not fail the check; the others do.
            #expect(document["summary"]?["failing"]?.intValue == 4)
            let account = try #require(document["links"]?.arrayValue?.first { $0["code"]?.stringValue == "acct" })
            #expect(account["now"]?["route"]?.stringValue == "settings.account")
            #expect(account["candidate"] == .null)
            #expect(account["closest"]?.arrayValue?.first?.stringValue == "/settings/profile")
            let explain = try #require(document["links"]?.arrayValue?.first { $0["code"]?.stringValue == "expl" })
            #expect(explain["now"]?["elements"]?.arrayValue?.first?["value"] == .number("6"))
            #expect(explain["candidate"]?["elements"]?.arrayValue?.first?["value"] == .number("7"))
        }
    }

    @Test func theTextListsTheWorstFirstWithBothDestinations() async throws {
        try await Self.withDatabase { db in
            let run = CommandLineRun(["links", "check", Self.candidate("renamed-without-aliases"), "--routes", Self.fuelMoney, "--db", db])
            #expect(run.status == 1)
            let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first?.hasSuffix("4 live links break or move.") == true, "\(lines.first ?? "")")
            #expect(lines[2] == "BROKEN  short link acct  12 visits in 30d")
            #expect(lines[4] == "  now:        settings.account [HomePath 1, HomePath 2]")
            #expect(lines[5].hasPrefix("  candidate:  No route matches /settings/account."))
            #expect(run.out.contains("BROKEN  short link gone (expired)  5 visits in 30d  (does not fail the check)"))
        }
    }

    @Test func listedLinksAreCheckedByLineAndCommentsSkipped() async throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: list) }
        try "# push templates\nfuelmoney://settings/account\n\nhttps://fuelmoney.example.com/information\n".write(toFile: list, atomically: true, encoding: .utf8)
        let run = CommandLineRun(["links", "check", Self.candidate("renamed-without-aliases"), "--example", "fuelmoney",
                                  "--links", list, "--db", ":memory:", "--json"])
        #expect(run.status == 1)
        let statuses = Self.statuses(try Self.report(run))
        #expect(statuses.contains("line 2 broken"))
        #expect(statuses.contains("line 4 same"))
    }

    @Test func aCandidateThatDoesNotLoadIsExitTwoWithItsLocatedProblem() async throws {
        try await Self.withDatabase { db in
            let run = CommandLineRun(["links", "check", Self.candidate("parameter-type-changed"), "--routes", Self.fuelMoney, "--db", db])
            #expect(run.status == 2)
            #expect(run.err.contains("routes[3].push[0].value"), "\(run.err)")
            #expect(run.err.contains("The parameter {id} is stated as Int but this place holds HomePath"))
        }
    }

    @Test func mistakesAreRefusedWithASentence() {
        #expect(CommandLineRun(["links"]).status == 2)
        #expect(CommandLineRun(["links", "verify"]).err.contains("links has one subcommand, check"))
        #expect(CommandLineRun(["links", "check"]).err.contains("Name the candidate route file"))
        let hours = CommandLineRun(["links", "check", Self.fuelMoney, "--since", "36h"])
        #expect(hours.status == 2)
        #expect(hours.err.contains("--since counts whole days"))
        let missing = CommandLineRun(["links", "check", Self.fuelMoney, "--db", "/nonexistent/scenelink.sqlite"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("there is no database at /nonexistent/scenelink.sqlite"))
    }
}
