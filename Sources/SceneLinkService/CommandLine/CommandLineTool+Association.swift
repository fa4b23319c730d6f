import SceneLinkCore
import SceneLinkOperations

extension CommandLineTool {
    /// `scenelink association apple|android [ROUTEFILE]`: prints the association file the
    /// server would serve, for teams that host static files on a CDN.
    func association(_ arguments: [String]) -> Int32 {
        let platform: String
        let source: (path: String?, example: String?)
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "association")
            guard let first = parsed.positionals.first, first == "apple" || first == "android" else {
                throw ConfigurationError(parsed.positionals.first.map { "The platform is apple or android, not '\($0)'." }
                                         ?? "Name the platform: apple or android.")
            }
            platform = first
            source = try routeSource(parsed, positionals: parsed.positionals.dropFirst())
        } catch {
            return usageError("association", error)
        }
        let table: RouteTable
        do {
            table = try loadRoutes(source)
        } catch {
            err("scenelink association: \(error.description)")
            return 1
        }
        let files = table.associationFiles
        guard let document = platform == "apple" ? files.apple : files.android else {
            let field = platform == "apple" ? "\"app.apple\" (teamID, bundleIDs)" : "\"app.android\" (package, sha256CertFingerprints)"
            err("scenelink association: the route file names no \(platform == "apple" ? "iOS" : "Android") app; add \(field).")
            return 1
        }
        for warning in files.warnings { err("warning: \(warning)") }
        out(document.text)
        return 0
    }
}
