import SceneLinkOperations
extension CommandLineTool {
    /// `scenelink endpoints [--json] [serve flags]`: the route declarations as a table or JSON.
    func endpoints(_ arguments: [String]) -> Int32 {
        let json = arguments.contains("--json")
        var configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment, command: "endpoints",
                                                           switches: ["json"])
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
