/// A loaded, validated route file: the app's link sources, types and routes, with the index
/// that matches links and lays out the templates that write the answers. Immutable and `Sendable`: a reload builds a new table and swaps it in.
///
/// ```swift
/// let table = try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8))
/// let bytes = try table.navigationPath(for: "fuelmoney://settings/account")
/// // ["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]
/// ```
///
/// A final class, not a struct: every request reads the current table, and a copy of a struct
/// this size would retain each of its arrays (about 2,000 instructions per resolve).
public final class RouteTable: Sendable {
    /// The app's name from the route file.
    public let appName: String
    /// Custom schemes, lowercased, in file order (the first is canonical).
    public let schemes: [String]
    /// https hosts, lowercased, in file order (the first is canonical).
    public let hosts: [String]
    let types: RouteTypes
    /// The routes in file order (parents before children), then the aliases (`Route.aliasOf`).
    let routes: [Route]
    /// Route indices by stack length, for reverse lookups.
    let routesByStackCount: [Int: [Int]]
    /// The flat layout of `trie` that matches every link, with each route's `ResolveTemplate`
    /// after its record (`RouteTable+Resolve`).
    let index: ResolveIndex
    /// `app.apple`, `app.android` and `app.fallback`.
    public let appLinks: AppLinks
    /// Route indices by full name, for the link page of a resolved link.
    let routeIndexByName: [String: Int]
    /// `app.pages`: the default language and the theme of the link pages.
    public let pages: LinkPageSettings
    /// `app.localized`: the app's name by language (`appName` is the default language's).
    let localizedAppNames: [PageLanguage: String]
    /// The association files, made once when the table loads.
    public let associationFiles: AssociationFiles
    /// Where short links live on the app's hosts (`--short-link-prefix`): `/s/CODE` by default.
    public let shortLinkPath: ShortLinkPath

    /// - Throws: `RouteFileError` when the table is too large to lay out (`ResolveIndex`).
    init(appName: String, schemes: [String], hosts: [String], types: RouteTypes, routes: [Route],
         trie: RouteTrie, appLinks: AppLinks = AppLinks(), pages: LinkPageSettings = LinkPageSettings(),
         localizedAppNames: [PageLanguage: String] = [:], shortLinkPath: ShortLinkPath = .standard) throws(RouteFileError) {
        guard let index = ResolveIndex(trie: trie, routes: routes, schemes: schemes, hosts: hosts) else {
            throw RouteFileError(problems: [RouteFileProblem(
                location: "routes", message: "The routes are too many to index (over 4 GB laid out); split the route file.")])
        }
        self.appName = appName
        self.schemes = schemes
        self.hosts = hosts
        self.types = types
        self.routes = routes
        self.index = index
        var byCount: [Int: [Int]] = [:]
        for (index, route) in routes.enumerated() where route.aliasOf == nil { byCount[route.stack.count, default: []].append(index) }
        routesByStackCount = byCount
        self.appLinks = appLinks
        self.pages = pages
        self.localizedAppNames = localizedAppNames
        var byName: [String: Int] = [:]
        for (index, route) in routes.enumerated() where route.aliasOf == nil { byName[route.name] = index }
        routeIndexByName = byName
        routeCount = byName.count
        self.shortLinkPath = shortLinkPath
        associationFiles = AssociationFiles(appLinks: appLinks, routes: routes, shortLinkPath: shortLinkPath)
    }

    /// Loads and validates a route file.
    ///
    /// Every problem is found in one pass and reported together, each with its JSON location.
    /// - Parameters:
    ///   - routeFile: the route file's bytes (UTF-8 JSON).
    ///   - shortLinkPath: where short links live on the app's hosts (the server's setting).
    /// - Throws: `RouteFileError` listing every problem.
    public convenience init(routeFile: [UInt8], shortLinkPath: ShortLinkPath = .standard) throws(RouteFileError) {
        let loaded = try RouteFileLoader.load(routeFile)
        try self.init(appName: loaded.appName, schemes: loaded.schemes, hosts: loaded.hosts,
                      types: loaded.types, routes: loaded.routes, trie: loaded.trie, appLinks: loaded.appLinks,
                      pages: loaded.pageSettings, localizedAppNames: loaded.localizedAppNames, shortLinkPath: shortLinkPath)
    }

    /// The number of routes (children included, aliases not).
    public let routeCount: Int

    /// The patterns of each route's aliases in file order, by the route's index in `routes`.
    var aliasPatterns: [Int: [String]] {
        var patterns: [Int: [String]] = [:]
        for route in routes { if let canonical = route.aliasOf { patterns[canonical, default: []].append(route.pattern) } }
        return patterns
    }

    /// The route a link matched at `index`: the route itself, or the one an alias stands for
    /// (whose pattern prints the link's canonical form).
    func canonicalRoute(_ index: Int) -> Route {
        let route = routes[index]
        return route.aliasOf.map { routes[$0] } ?? route
    }
}
