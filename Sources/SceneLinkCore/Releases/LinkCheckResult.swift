/// One link checked against a candidate route file: where it goes today and with the
/// candidate, and what that means (`LinkCheck`).
public struct LinkCheckResult: Sendable, Equatable {
    public var source: LinkCheckSource
    /// The link as stored or listed.
    public var link: String
    /// Its human visits over the period asked for; nil where the analytics do not count it
    /// (a route's sample link, a listed link).
    public var visits: Int64?
    public var status: LinkCheckStatus
    /// Where today's route file sends it; nil when it does not resolve today.
    public var now: LinkCheckTarget?
    /// Where the candidate sends it; nil when it does not resolve there.
    public var candidate: LinkCheckTarget?
    /// Why it does not resolve with the candidate (or today, for a stale link), naming the
    /// closest routes; nil when it resolves.
    public var problem: String?
    /// The closest route patterns of the candidate, for a broken link.
    public var closest: [String]

    public init(source: LinkCheckSource, link: String, visits: Int64?, status: LinkCheckStatus, now: LinkCheckTarget?,
                candidate: LinkCheckTarget?, problem: String?, closest: [String]) {
        self.source = source
        self.link = link
        self.visits = visits
        self.status = status
        self.now = now
        self.candidate = candidate
        self.problem = problem
        self.closest = closest
    }

    /// Whether this link fails the check: a live link that breaks or moves.
    public var fails: Bool { source.isLive && status.fails }

    /// The result as a member of the JSON report's `links`.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("kind", .string(source.kind))]
        switch source {
        case .shortLink(let code, let expired):
            members += [("code", .string(code)), ("expired", .bool(expired))]
        case .routeExample(let route):
            members.append(("route", .string(route)))
        case .listed(let line):
            members.append(("line", .number(String(line))))
        }
        members += [("link", .string(link)), ("visits", visits.map { .number(String($0)) } ?? .null),
                    ("status", .string(status.rawValue)), ("fails", .bool(fails)),
                    ("now", now?.json ?? .null), ("candidate", candidate?.json ?? .null),
                    ("problem", problem.map(JSONValue.string) ?? .null), ("closest", .array(closest.map(JSONValue.string)))]
        return .object(members)
    }
}
