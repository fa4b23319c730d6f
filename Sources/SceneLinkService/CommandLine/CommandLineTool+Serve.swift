import Foundation

extension CommandLineTool {
    /// `scenelink serve [ROUTEFILE] [flags]`: runs until SIGTERM or SIGINT, then exits 0 after draining.
    func serve(_ arguments: [String]) -> Int32 {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment)
        } catch {
            err("scenelink serve: \(error.message)")
            return 2
        }
        let logger = Logger(level: configuration.logLevel)
        do {
            let application = try SceneLinkApplication(configuration: configuration, logger: logger)
            try application.start()
            application.waitUntilStopped()
            return 0
        } catch {
            logger.flush()
            err("scenelink serve: \(error.message)")
            return error.isConfigurationError ? 2 : 1
        }
    }
}
