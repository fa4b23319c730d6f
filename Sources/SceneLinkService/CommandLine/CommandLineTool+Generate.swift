import SceneLinkSwiftGenerator

extension CommandLineTool {
    /// `scenelink generate swift|swift-tests ROUTEFILE --module NAME [--access public|internal]
    /// [--output FILE]`: the app's navigation types with link builders, or a drift test (the
    /// same command as `scenelink-generate`, which the build plugin runs).
    func generate(_ arguments: [String]) -> Int32 {
        GenerateCommand(program: "scenelink generate", version: SceneLinkVersion.current, out: out, err: err).run(arguments)
    }
}
