import Foundation
import Testing
@testable import SceneLinkCore

/// What a candidate route file does to each link: same, moved, broken or stale.
@Suite struct LinkCheckTests {
    private static func table(_ routes: String) throws(RouteFileError) -> RouteTable {
        try RouteTable(routeFile: Array(#"{ "app": {"name": "A", "hosts": ["a.example.com"]}, "routes": [\#(routes)] }"#.utf8))
    }

    private let today = #"""
    { "name": "account", "path": "/settings/account", "push": [ {"type": "Int", "value": 2} ] },
    { "name": "help", "path": "/help", "push": [ {"type": "Int", "value": 6} ] }
    """#

    @Test func eachStatusAsTheCandidateDecides() throws {
        let check = LinkCheck(today: try Self.table(today), candidate: try Self.table(#"""
        { "name": "account", "path": "/account", "aliases": ["/settings/account"], "push": [ {"type": "Int", "value": 2} ] },
        { "name": "help", "path": "/help", "push": [ {"type": "Int", "value": 7} ] },
        { "name": "new", "path": "/new", "push": [] }
        """#))
        func status(_ link: String) -> LinkCheckStatus {
            check.check("https://a.example.com" + link, source: .listed(line: 1), visits: nil).status
        }
        #expect(status("/settings/account") == .same)
        #expect(status("/help") == .moved)
        #expect(status("/new") == .stale)
        let renamed = LinkCheck(today: try Self.table(today), candidate: try Self.table(#"""
        { "name": "profile", "path": "/settings/account", "push": [ {"type": "Int", "value": 2} ] },
        { "name": "helpdesk", "path": "/helpdesk", "push": [ {"type": "Int", "value": 6} ] }
        """#))
        // Another route name is a move, though the stack is the same.
        #expect(renamed.check("https://a.example.com/settings/account", source: .listed(line: 1), visits: nil).status == .moved)
        let broken = renamed.check("https://a.example.com/help", source: .listed(line: 1), visits: nil)
        #expect(broken.status == .broken)
        #expect(broken.closest == ["/helpdesk", "/settings/account"])
        #expect(broken.problem?.hasPrefix("No route matches /help.") == true)
    }

    @Test func onlyLiveLinksThatBreakOrMoveFailAndTheWorstComeFirst() throws {
        let check = LinkCheck(today: try Self.table(today), candidate: try Self.table(#"{ "name": "help", "path": "/help", "push": [ {"type": "Int", "value": 6} ] }"#))
        let results = [
            check.check("https://a.example.com/help", source: .shortLink(code: "h", expired: false), visits: 50),
            check.check("https://a.example.com/settings/account", source: .shortLink(code: "old", expired: true), visits: 9),
            check.check("https://a.example.com/settings/account", source: .shortLink(code: "few", expired: false), visits: 1),
            check.check("https://a.example.com/settings/account", source: .shortLink(code: "many", expired: false), visits: 7),
        ]
        let report = LinkCheckReport(results: results, candidateName: "next.json", period: "30d")
        #expect(report.results.count == 4)
        #expect(report.results.map { $0.source.label } == ["short link many", "short link few", "short link old (expired)", "short link h"])
        #expect(report.failing.count == 2)
        #expect(!report.passes)
        #expect(report.summary == "4 links against next.json: 1 same, 0 moved, 3 broken, 0 stale; 2 live links break or move.")
        let passing = LinkCheckReport(results: [results[0], results[1]], candidateName: "next.json", period: "30d")
        #expect(passing.passes)
        let document = try JSONParser.parse(passing.json)
        #expect(document["passes"] == .bool(true))
        #expect(document["summary"]?["failing"] == .number("0"))
        #expect(document["links"]?.arrayValue?.first?["kind"] == .string("short-link"))
    }
}
