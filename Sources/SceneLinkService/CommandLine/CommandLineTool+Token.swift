import SceneLinkOperations
extension CommandLineTool {
    /// `scenelink token`: prints a new secret for `--admin-token` (32 random bytes in base64url).
    func token(_ arguments: [String]) -> Int32 {
        do throws(ConfigurationError) {
            let parsed = try CommandArguments(parsing: arguments, flags: [], command: "token")
            if let extra = parsed.positionals.first {
                throw ConfigurationError("token takes no arguments, not '\(extra)'.")
            }
        } catch {
            return usageError("token", error)
        }
        out(SecretStrength.makeToken())
        return 0
    }
}
