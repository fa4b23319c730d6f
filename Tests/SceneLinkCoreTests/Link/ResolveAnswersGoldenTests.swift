import Foundation
import Testing
@testable import SceneLinkCore

/// Every answer of the resolver, byte for byte, over the five examples and 30,000 random
/// links, against digests recorded before the link grammar was unified (`LinkScanner`): the
/// guard rail that reading a link once changed no answer.
///
/// Each example's answers (every format's bytes or error sentence, and the route name) are
/// hashed with SHA-256 and compared with `ResolveAnswersGoldenTests.digests`. When an answer
/// is meant to change, run the suite with `SCENELINK_WRITE_GOLDEN=1` to print the new digests
/// and say why in the commit; on a mismatch the answers are written to a file named in the
/// failure, to diff against a dump of the commit before.
@Suite struct ResolveAnswersGoldenTests {
    static let linksPerExample = 6_000

    /// Recorded on 29a1652 (before `LinkScanner`), then again when links a browser reads
    /// differently became refusals: compared line by line with the answers before, every changed
    /// answer is an invalid-link error naming a dot segment (7,645), credentials (7,000), a space
    /// (6,750), a backslash (6,705), a percent-escape in the host (900), a ':' in an app link's
    /// first segment (280) or a port that is no number (140); no other answer changed.
    static let digests: [String: String] = [
        "fuelmoney": "0ad86d812ad316d58f6a98dbb6f2220be4a8e012837eb95ba7cdb72ed46bf51e",
        "drilldown": "8543e1ad611b37ef75cabcb3fe5e59f55745aa0a36e94558913fd0b20881f68f",
        "lists": "711804f91e744bc04ae555be0829dc9cbbc9d17f14988d1fb9d7f5fed20c0290",
        "recipes": "03e366c991ce551805cbcc18d984f019fc810a13f8c96f79f5ffc54799c3b11f",
        "kitchen-sink": "5adb2f44d8f1b7960106780dde9325dee08538ee16c62dd59b5041b00f83faad",
    ]

    /// Links of every shape the grammar reads: the example's own literals and typed values,
    /// app schemes and https hosts in any case, ports and userinfo, percent-escapes (valid,
    /// unreserved, malformed, of non-UTF-8 bytes), dot segments, empty segments, raw UTF-8,
    /// control characters, queries and fragments, short-link paths.
    static func links(for table: RouteTable, seed: UInt64) -> [String] {
        var pieces = Set<String>()
        for route in table.routes {
            for segment in route.segments { if case .literal(let text) = segment { pieces.insert(text) } }
        }
        pieces.formUnion(["0", "7", "-3", "007", "-0", "12345678901234567890", "2.5", "-1e3", "true", "false", "TRUE",
                          "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "all",
                          "x", "a%2Fb", "%41", "%61ccount", "%7E", "%zz", "%C3%A9", "%FF", "\"q\"", "a\\b", "é", "K",
                          "\u{212A}", " ", "info", "more", "1", "2", "3", ".", "..", "s", "abc123", "a\u{7}b", "a:b"])
        let sorted = pieces.sorted()
        var generator = ResolveIndexTests.Generator(state: seed)
        let host = table.hosts.first ?? "x.example"
        var prefixes = table.schemes.map { $0 + "://" } + table.schemes.map { $0.uppercased() + "://" }
        prefixes += table.hosts.map { "https://\($0)/" }
        prefixes += ["HTTPS://\(host.uppercased())/", "https://\(host):443/", "https://\(host):8443/", "https://u:p@\(host)/",
                     "https://\(host):/", "https://\(host)", "https:\(host)/", "https://other.example/", "ftp://", "nope", "",
                     "https://\(host)/s/", "https://\(host):443/s/", "\(table.schemes.first ?? "app"):"]
        var links: [String] = []
        links.reserveCapacity(linksPerExample)
        for _ in 0..<linksPerExample {
            var link = prefixes[generator.next(prefixes.count)]
            for _ in 0..<generator.next(6) { link += sorted[generator.next(sorted.count)] + (generator.next(8) == 0 ? "//" : "/") }
            if generator.next(2) == 0, link.hasSuffix("/") { link.removeLast() }
            if generator.next(6) == 0 { link += "?" + ["tab=2", "q=a&q=b", "x=%zz", "page=3", "tab=%32", "=", "&&"][generator.next(7)] }
            if generator.next(10) == 0 { link += "#frag" }
            links.append(link)
        }
        return links
    }

    /// One line per link and answer: `link \t what \t bytes or error`.
    static func answers(_ table: RouteTable, _ links: [String]) -> String {
        var out = ""
        for link in links {
            for format in ResolveFormat.allCases {
                let answer: String
                do { answer = String(decoding: try table.resolve(link, format: format), as: UTF8.self) } catch { answer = "error: \(error)" }
                out += "\(link)\t\(format)\t\(answer)\n"
            }
            let route: String
            do { route = try table.routeName(of: link) ?? "(root)" } catch { route = "error: \(error)" }
            out += "\(link)\trouteName\t\(route)\n"
        }
        return out
    }

    @Test func everyAnswerOverTheExamplesAndRandomLinksIsAsRecorded() throws {
        var printed: [String] = []
        for (offset, name) in ExampleFiles.names.enumerated() {
            let table = try ExampleFiles.table(name)
            let text = Self.answers(table, Self.links(for: table, seed: UInt64(offset + 1)))
            // Not vacuous: about a tenth of the links resolve.
            let resolved = text.split(separator: "\n").filter { $0.contains("\trouteName\t") && !$0.contains("\trouteName\terror: ") }.count
            #expect(resolved > Self.linksPerExample / 20, "\(name): \(resolved) links resolve")
            let digest = SHA256.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
            printed.append("        \"\(name)\": \"\(digest)\",")
            if ProcessInfo.processInfo.environment["SCENELINK_WRITE_GOLDEN"] != nil { continue }
            if digest != Self.digests[name] {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-answers-\(name).txt")
                try Data(text.utf8).write(to: file)
                Issue.record("The answers over \(name) changed (digest \(digest)); they are in \(file.path).")
            }
        }
        if ProcessInfo.processInfo.environment["SCENELINK_WRITE_GOLDEN"] != nil { print(printed.joined(separator: "\n")) }
    }
}
