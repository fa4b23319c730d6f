import Foundation

/// Checks links against the route file of the app's next release: for each link, where today's
/// table sends it and where the candidate's does (`scenelink links check`, and a reload that
/// would strand live links).
///
/// ```swift
/// let check = LinkCheck(today: current, candidate: next)
/// let result = check.check("https://fuelmoney.example.com/settings/account", source: .listed(line: 1), visits: nil)
/// result.status     // .same, .moved, .broken or .stale
/// ```
///
/// Two answers are the same when the route's name, the stack and the selection are equal; an
/// alias in the candidate keeps an old link the same.
public struct LinkCheck: Sendable {
    public let today: RouteTable
    public let candidate: RouteTable

    public init(today: RouteTable, candidate: RouteTable) {
        self.today = today
        self.candidate = candidate
    }

    /// The result for one link.
    public func check(_ link: String, source: LinkCheckSource, visits: Int64?) -> LinkCheckResult {
        let now: LinkCheckTarget?, nowProblem: String?
        switch Result(catching: { () throws(ResolveError) in try today.resolve(link) }) {
        case .success(let resolved): (now, nowProblem) = (LinkCheckTarget(resolved), nil)
        case .failure(let error): (now, nowProblem) = (nil, error.description)
        }
        let next: LinkCheckTarget?, nextError: ResolveError?
        switch Result(catching: { () throws(ResolveError) in try candidate.resolve(link) }) {
        case .success(let resolved): (next, nextError) = (LinkCheckTarget(resolved), nil)
        case .failure(let error): (next, nextError) = (nil, error)
        }
        let status: LinkCheckStatus
        switch (now, next) {
        case (nil, _): status = .stale
        case (_?, nil): status = .broken
        case (let before?, let after?): status = before == after ? .same : .moved
        }
        var closest: [String] = []
        if case .noRoute(_, let near, _)? = nextError { closest = near }
        let problem = status == .stale ? nowProblem : nextError?.description
        return LinkCheckResult(source: source, link: link, visits: visits, status: status, now: now, candidate: next,
                               problem: problem, closest: status == .broken ? closest : [])
    }
}

extension LinkCheck {
    /// Checks every stored link (expired ones marked so) with its visits, every sample link of
    /// today's routes, and every listed link (`listed`: its line number and text). A stored link
    /// to a web page off the app's hosts (`--link-domains`) has no screen to lose and is left out.
    public func results(stored: StoredLinks, now: Date, routeExamples: [(route: String, link: String)],
                        listed: [(line: Int, link: String)]) -> [LinkCheckResult] {
        var out: [LinkCheckResult] = []
        out.reserveCapacity(stored.links.count + routeExamples.count + listed.count)
        for link in stored.links where LinkDomains.none.webDestination(link.link, appHosts: today.hosts) == nil {
            out.append(check(link.link, source: .shortLink(code: link.code.rawValue, expired: link.isExpired(at: now)),
                             visits: stored.visits[link.code.rawValue] ?? 0))
        }
        for example in routeExamples { out.append(check(example.link, source: .routeExample(route: example.route), visits: nil)) }
        for item in listed { out.append(check(item.link, source: .listed(line: item.line), visits: nil)) }
        return out
    }
}
