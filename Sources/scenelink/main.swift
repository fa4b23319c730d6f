import Foundation
import SceneLinkService

// The executable only hands the process's arguments and environment to the command line tool.
let tool = CommandLineTool(
    environment: ProcessInfo.processInfo.environment,
    out: { print($0) },
    err: { message in FileHandle.standardError.write(Data((message + "\n").utf8)) })
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
