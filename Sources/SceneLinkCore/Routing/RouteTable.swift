/// A loaded, validated route file: the app's link sources, types and routes, with the trie
/// that matches links. Immutable and `Sendable`: a reload builds a new table and swaps it in.
///
/// ```swift
/// let table = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8))
/// let bytes = try table.navigationPath(for: "fuelmoney://settings/account")
/// // ["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]
/// ```
public struct RouteTable: Sendable {
    /// The app's name from the route file.
    public let appName: String
    /// Custom schemes, lowercased, in file order (the first is canonical).
    public let schemes: [String]
    /// https hosts, lowercased, in file order (the first is canonical).
    public let hosts: [String]
    let types: RouteTypes
    let routes: [Route]
    let trie: RouteTrie
    /// Route indices by stack length, for reverse lookups.
    let routesByStackCount: [Int: [Int]]
    /// The flat layout `navigationPath(for:)` tries first; nil if the table does not fit it.
    let index: ResolveIndex?
    /// For routes without parameters, by route index: everything `documentBytes(for:)` writes
    /// after the link, which is the same for every link such a route matches. Built for the
    /// first routes in file order, up to `documentTailBudget` bytes in all.
    let documentTails: [Int: [UInt8]]
    /// The most bytes `documentTails` holds (256 KiB: about a thousand routes, far more than
    /// an app has screens; a generated table of 100,000 routes spends a few milliseconds here).
    static let documentTailBudget = 1 << 18

    init(appName: String, schemes: [String], hosts: [String], types: RouteTypes, routes: [Route], trie: RouteTrie) {
        self.appName = appName
        self.schemes = schemes
        self.hosts = hosts
        self.types = types
        self.routes = routes
        self.trie = trie
        var byCount: [Int: [Int]] = [:]
        for (index, route) in routes.enumerated() { byCount[route.stack.count, default: []].append(index) }
        routesByStackCount = byCount
        index = ResolveIndex(trie: trie, routes: routes, schemes: schemes, hosts: hosts)
        var tails: [Int: [UInt8]] = [:]
        var budget = RouteTable.documentTailBudget
        for (index, route) in routes.enumerated() where route.parameters.isEmpty {
            var tail: [UInt8] = []
            RouteTable.appendDocumentTail(route, values: [], schemes: schemes, hosts: hosts, to: &tail)
            guard tail.count <= budget else { break }
            budget -= tail.count
            tails[index] = tail
        }
        documentTails = tails
    }

    /// Loads and validates a route file.
    ///
    /// Every problem is found in one pass and reported together, each with its JSON location.
    /// - Parameter routeFile: the route file's bytes (UTF-8 JSON).
    /// - Throws: `RouteFileError` listing every problem.
    public init(routeFile: [UInt8]) throws(RouteFileError) {
        self = try RouteFileLoader.load(routeFile)
    }

    /// The number of routes (children included).
    public var routeCount: Int { routes.count }
}
