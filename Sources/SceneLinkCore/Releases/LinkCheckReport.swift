/// Every link checked against a candidate route file, worst first, with the totals
/// (`scenelink links check`): the text a person reads and the JSON CI reads.
public struct LinkCheckReport: Sendable {
    /// Broken, then moved, then stale, then same; within each, the most visited first, then by
    /// link.
    public let results: [LinkCheckResult]
    /// The candidate route file as named.
    public let candidateName: String
    /// The period the visits count, as written (`30d`).
    public let period: String

    public init(results: [LinkCheckResult], candidateName: String, period: String) {
        let order = Dictionary(uniqueKeysWithValues: LinkCheckStatus.allCases.enumerated().map { ($1, $0) })
        self.results = results.sorted { a, b in
            let (x, y) = (order[a.status] ?? 0, order[b.status] ?? 0)
            if x != y { return x < y }
            if a.fails != b.fails { return a.fails }
            if (a.visits ?? -1) != (b.visits ?? -1) { return (a.visits ?? -1) > (b.visits ?? -1) }
            return a.link < b.link
        }
        self.candidateName = candidateName
        self.period = period
    }

    /// How many links have each status.
    public func count(_ status: LinkCheckStatus) -> Int { results.count { $0.status == status } }

    /// The live links that break or move.
    public var failing: [LinkCheckResult] { results.filter(\.fails) }

    /// True when no live link breaks or moves.
    public var passes: Bool { !results.contains(where: \.fails) }

    /// `1,204 links against next.json: 1,190 same, 9 moved, 3 broken, 2 stale; 12 live links break or move.`
    public var summary: String {
        let counts = "\(count(.same)) same, \(count(.moved)) moved, \(count(.broken)) broken, \(count(.stale)) stale"
        let verdict = passes ? "no live link breaks or moves." : "\(failing.count) live link\(failing.count == 1 ? "" : "s") break or move."
        return "\(results.count) link\(results.count == 1 ? "" : "s") against \(candidateName): \(counts); \(verdict)"
    }

    /// The summary, then every link that is not the same: its status, visits, source and link,
    /// where it goes today and with the candidate (or why not, with the closest routes).
    public var text: String {
        var lines = [summary]
        for result in results where result.status != .same {
            let visits = result.visits.map { "\($0) visit\($0 == 1 ? "" : "s") in \(period)" } ?? "visits not counted"
            lines.append("")
            lines.append("\(result.status.rawValue.uppercased())  \(result.source.label)  \(visits)\(result.fails ? "" : "  (does not fail the check)")")
            lines.append("  link:       \(result.link)")
            lines.append("  now:        \(result.now?.text ?? "no route")")
            if let candidate = result.candidate {
                lines.append("  candidate:  \(candidate.text)")
            } else if let problem = result.problem {
                lines.append("  \(result.status == .stale ? "problem:    " : "candidate:  ")\(problem)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"candidate":…,"period":…,"passes":…,"summary":{…},"links":[…]}`, every link included.
    public var json: [UInt8] {
        var summary: [(key: String, value: JSONValue)] = [("links", .number(String(results.count)))]
        for status in LinkCheckStatus.allCases { summary.append((status.rawValue, .number(String(count(status))))) }
        summary.append(("failing", .number(String(failing.count))))
        return JSONWriter.encode(.object([("candidate", .string(candidateName)), ("period", .string(period)),
                                          ("passes", .bool(passes)), ("summary", .object(summary)),
                                          ("links", .array(results.map(\.json)))]),
                                 escapingSlashes: false, sortingKeys: false)
    }
}
