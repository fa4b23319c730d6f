import Foundation
import SceneLinkSwiftGenerator

// The generator alone (no HTTP server, no SQLite): what the SceneLinkGenerate build plugin runs.
let command = GenerateCommand(
    program: "scenelink-generate",
    out: { print($0) },
    err: { message in FileHandle.standardError.write(Data((message + "\n").utf8)) })
exit(command.run(Array(CommandLine.arguments.dropFirst())))
