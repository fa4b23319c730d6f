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
    /// By route index: the route's document after the link as constant bytes with holes for
    /// its values (`DocumentTemplate`), written once here. Built for the first routes in file
    /// order whose canonical links have no `{rest...}` or query items, up to
    /// `documentTemplateBudget` constant bytes in all.
    let documentTemplates: [Int: DocumentTemplate]
    /// The most constant bytes `documentTemplates` holds (256 KiB: several hundred routes,
    /// more than an app has screens; a generated table of 100,000 routes spends a few
    /// milliseconds here).
    static let documentTemplateBudget = 1 << 18

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
        var templates: [Int: DocumentTemplate] = [:]
        var budget = RouteTable.documentTemplateBudget
        for (index, route) in routes.enumerated() {
            guard let template = DocumentTemplate(route: route, schemes: schemes, hosts: hosts) else { continue }
            guard template.bytes.count <= budget else { break }
            budget -= template.bytes.count
            templates[index] = template
        }
        documentTemplates = templates
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
