import Synchronization
@testable import SceneLinkService

/// What one `scenelink` command line did: its exit status and everything it wrote to each stream.
struct CommandLineRun {
    var status: Int32
    var out: String
    var err: String

    /// Runs `arguments` (without the program name) in process with `environment`.
    init(_ arguments: [String], environment: [String: String] = [:]) {
        let out = Mutex(""), err = Mutex("")
        let tool = CommandLineTool(environment: environment, out: { text in out.withLock { $0 += text } },
                                   err: { text in err.withLock { $0 += text } })
        status = tool.run(arguments)
        self.out = out.withLock { $0 }
        self.err = err.withLock { $0 }
    }
}
