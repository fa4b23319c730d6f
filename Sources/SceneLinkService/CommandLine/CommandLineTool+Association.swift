import SceneLinkCore

extension CommandLineTool {
    /// `scenelink association apple|android [ROUTEFILE]`: prints the association file the
    /// server would serve, for teams that host static files on a CDN.
    func association(_ arguments: [String]) -> Int32 {
        let usage = "usage: scenelink association apple|android [ROUTEFILE]"
        guard let platform = arguments.first, platform == "apple" || platform == "android",
              arguments.count <= 2, !arguments.dropFirst().contains(where: { $0.hasPrefix("--") }) else {
            err(usage)
            return 2
        }
        let table: RouteTable
        do {
            table = try RouteTableLoader.load(path: arguments.count == 2 ? arguments[1] : environment["SCENELINK_ROUTES"])
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
