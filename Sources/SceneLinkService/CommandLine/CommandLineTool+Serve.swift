import Foundation
import SceneLinkOperations

extension CommandLineTool {
    /// `scenelink serve [ROUTEFILE | --example NAME] [flags]`: writes the start-up block to standard
    /// error (unless `--quiet`), then runs until SIGTERM or SIGINT and exits 0 after draining.
    func serve(_ arguments: [String]) -> Int32 {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment)
        } catch {
            return usageError("serve", error)
        }
        let logger = Logger(level: configuration.logLevel)
        do {
            let application = try SceneLinkApplication(configuration: configuration, logger: logger)
            let port = try application.start()
            if !configuration.quiet { err(application.startupSummary(port: port)) }
            application.waitUntilStopped()
            return 0
        } catch {
            logger.flush()
            err("scenelink serve: \(error.message)")
            return error.isConfigurationError ? 2 : 1
        }
    }
}
