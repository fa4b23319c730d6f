extension CommandLineTool {
    static let endpointsUsage = """
        Usage: scenelink endpoints [--json] [serve flags]

        Prints every route the server declares: method, pattern, port (public, admin or both),
        caller (anyone, session, admin-token), rate limit (a class per address or per session, or
        none with the reason) and body limit. Serve flags that change limits (--max-value-bytes,
        ...) are applied; nothing is opened or listened on.

        Options:
          --json   One JSON array for tools instead of the table.

        Example:
          scenelink endpoints --json | jq -r '.[] | select(.caller == "admin-token") | .pattern'
        """

    /// `scenelink endpoints [--json] [serve flags]`: the route declarations as a table or JSON.
    func endpoints(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            out(Self.endpointsUsage)
            return 0
        }
        let json = arguments.contains("--json")
        var configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments.filter { $0 != "--json" }, environment: environment)
        } catch {
            err("scenelink endpoints: \(error.message)")
            return 2
        }
        // The declarations only: an in-memory store, never the operator's database.
        configuration.databasePath = ":memory:"
        configuration.storeURL = nil
        configuration.accessLog = false
        let application: SceneLinkApplication
        do {
            application = try SceneLinkApplication(configuration: configuration, logger: Logger(level: .error) { _ in })
        } catch {
            err("scenelink endpoints: \(error.description)")
            return error.isConfigurationError ? 2 : 1
        }
        defer { application.closeStore() }
        out(json ? application.endpoints.listingJSON : application.endpoints.listing)
        return 0
    }
}
