/// Turns routes into association components (Apple's and Google's shared pattern language).
///
/// Order: every server path excluded first, then short links and claim URLs claimed, then the root `/`
/// (which always resolves, to the empty stack), then each route in route-file order. Only
/// exclusions depend on order (first match wins), so they come before every claim.
///
/// A route becomes a path pattern, segment by segment:
/// - a literal segment stays literal (`*`, `?` and `$(`, which would be pattern syntax, become `?`);
/// - a `Bool` or `String`-enum parameter becomes each of its values (one component each,
///   at most `maximumAlternatives` per route), since the resolver takes exactly those;
/// - a `UUID` parameter becomes `????????-????-????-????-????????????`;
/// - any other parameter, and `{rest...}`, becomes `?*` (one or more characters: the
///   resolver never matches an empty segment). The patterns cannot stop at `/`, so a
///   parameter's pattern also claims links with more segments there; those open the app,
///   which cannot resolve them either.
/// - A pattern that ends in a literal is claimed with and without a trailing `/`, which
///   the resolver ignores.
/// Required query items become `?` entries (`*` for a `String`, which may be empty; `?*`
/// otherwise); optional ones and undeclared ones are not constrained.
enum AssociationComponents {
    static let maximumAlternatives = 16

    /// The components of `routes` at `detail`; nil as soon as their paths and query patterns
    /// alone pass `budget` bytes (a document holding them could not fit, so a large table does
    /// not pay for components it would throw away).
    static func make(routes: [Route], detail: AssociationDetail, shortLinkPath: ShortLinkPath = .standard,
                     budget: Int = .max) -> [AssociationComponent]? {
        var out = ServerPaths.exclusions
        var shortLinks = ServerPaths.shortLinks(shortLinkPath), claimURLs = ServerPaths.claimURLs
        if detail == .routes {
            shortLinks.comment = "short links"
            claimURLs.comment = "claim URLs"
        }
        out.append(shortLinks)
        out.append(claimURLs)
        switch detail {
        case .everything:
            out.append(AssociationComponent(path: "*"))
        case .prefixes:
            out.append(AssociationComponent(path: "/"))
            var seen = Set<String>()
            for route in routes {
                guard let first = route.segments.first else { continue }
                guard case .literal(let text) = first else {
                    // A route that starts with a parameter takes any first segment.
                    return out.filter(\.exclude) + [shortLinks, claimURLs, AssociationComponent(path: "*")]
                }
                guard seen.insert(text).inserted else { continue }
                out.append(AssociationComponent(path: "/" + literalPattern(text)))
                out.append(AssociationComponent(path: "/" + literalPattern(text) + "/*"))
            }
        case .routes, .wildcards:
            out.append(AssociationComponent(path: "/", comment: detail == .routes ? "root" : nil))
            // A claim equal to an earlier one (the `/` route, routes told apart by type) adds nothing.
            var seen: Set<String> = ["/"]
            var bytes = 0
            for route in routes {
                for component in components(of: route, expanding: detail == .routes) {
                    let key = component.path + "?" + component.query.map { $0.name + "=" + $0.pattern }.joined(separator: "&")
                    guard seen.insert(key).inserted else { continue }
                    bytes += key.utf8.count
                    if bytes > budget { return nil }
                    out.append(component)
                }
            }
        }
        return out
    }

    /// One place a pattern can vary: a path segment or a required query item.
    private enum Slot {
        case fixed(String)
        case choices([String])
    }

    private static func components(of route: Route, expanding: Bool) -> [AssociationComponent] {
        var pathSlots: [Slot] = []
        for segment in route.segments {
            switch segment {
            case .literal(let text): pathSlots.append(.fixed(literalPattern(text)))
            case .parameter(let index): pathSlots.append(slot(for: route.parameters[index].kind, expanding: expanding, query: false))
            case .rest: pathSlots.append(.fixed("?*"))
            }
        }
        var querySlots: [(name: String, slot: Slot)] = []
        for item in route.query where item.defaultValue == nil {
            querySlots.append((name: item.name, slot: slot(for: route.parameters[item.parameter].kind, expanding: expanding, query: true)))
        }
        // Too many combinations: the slots with the most values become wildcards first.
        func count(_ slot: Slot) -> Int { if case .choices(let values) = slot { values.count } else { 1 } }
        // Only Bool and enum values are listed, and none of them is empty.
        func wildcard(_ slot: Slot) -> Slot { count(slot) > 1 ? .fixed("?*") : slot }
        while (pathSlots.map(count) + querySlots.map { count($0.slot) }).reduce(1, *) > maximumAlternatives {
            let pathMax = pathSlots.indices.max { count(pathSlots[$0]) < count(pathSlots[$1]) }
            let queryMax = querySlots.indices.max { count(querySlots[$0].slot) < count(querySlots[$1].slot) }
            if let queryMax, count(querySlots[queryMax].slot) >= pathMax.map({ count(pathSlots[$0]) }) ?? 0 {
                querySlots[queryMax].slot = wildcard(querySlots[queryMax].slot)
            } else if let pathMax {
                pathSlots[pathMax] = wildcard(pathSlots[pathMax])
            }
        }
        var paths = [""]
        for slot in pathSlots {
            switch slot {
            case .fixed(let text): paths = paths.map { $0 + "/" + text }
            case .choices(let values): paths = paths.flatMap { path in values.map { path + "/" + literalPattern($0) } }
            }
        }
        var queries: [[AssociationComponent.QueryItemPattern]] = [[]]
        for (name, slot) in querySlots {
            switch slot {
            case .fixed(let pattern): queries = queries.map { $0 + [.init(name: name, pattern: pattern)] }
            case .choices(let values):
                queries = queries.flatMap { items in values.map { items + [.init(name: name, pattern: literalPattern($0))] } }
            }
        }
        let comment = expanding ? route.name : nil
        var out: [AssociationComponent] = []
        for path in paths {
            let variants = path.isEmpty ? ["/"] : path.hasSuffix("*") ? [path] : [path, path + "/"]
            for variant in variants {
                for query in queries { out.append(AssociationComponent(path: variant, query: query, comment: comment)) }
            }
        }
        return out
    }

    private static func slot(for kind: ParameterKind, expanding: Bool, query: Bool) -> Slot {
        switch kind {
        case .bool where expanding: return .choices(["false", "true"])
        case .stringEnum(let raws) where expanding: return .choices(raws.sorted())
        case .uuid: return .fixed("????????-????-????-????-????????????")
        // A query item may be present and empty, and an empty String is a value.
        case .string where query: return .fixed("*")
        default: return .fixed("?*")
        }
    }

    /// A literal as a pattern: `*` and `?` are wildcards and `$(` opens a substitution
    /// variable, and neither platform escapes them, so each becomes `?` (that character).
    static func literalPattern(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if character == "*" || character == "?" {
                out.append("?")
            } else if character == "(" && previous == "$" {
                out.removeLast()
                out += "??"
            } else {
                out.append(character)
            }
            previous = character
        }
        return out
    }
}
