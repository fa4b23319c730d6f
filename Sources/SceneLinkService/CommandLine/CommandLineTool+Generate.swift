import SceneLinkOperations
import SceneLinkSwiftGenerator

extension CommandLineTool {
    /// `scenelink generate swift|swift-tests ROUTEFILE --module NAME [--access public|internal]
    /// [--output FILE]`: the app's navigation types with link builders, or a drift test (the
    /// same command as `scenelink-generate`, which the build plugin runs). The route file may
    /// also be `--routes FILE` or `SCENELINK_ROUTES`, as for every command.
    func generate(_ arguments: [String]) -> Int32 {
        GenerateCommand(program: "scenelink generate", version: SceneLinkVersion.current,
                        defaultRouteFile: environment["SCENELINK_ROUTES"], out: out, err: err).run(arguments)
    }
}
