import Foundation
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The grammar every subcommand shares: help, unknown flags, the route file.
@Suite struct CommandLineToolTests {
    private func run(_ arguments: [String], environment: [String: String] = [:]) -> CommandLineRun {
        CommandLineRun(arguments, environment: environment)
    }

    static let commands = ["serve", "resolve", "check", "routes", "association", "generate", "qr", "healthcheck",
                           "store copy", "backup", "keys", "links check", "import", "token", "endpoints", "install", "version", "help"]

    static var recipes: String { AssociationEndpointsTests.examples.appendingPathComponent("recipes.json").path }

    @Test("help CMD, CMD --help and CMD -h print usage, options with defaults and an example, exit 0", arguments: commands)
    func helpForEveryCommand(command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let help = try #require(CommandLineTool.help(for: command))
        for arguments in [["help"] + words, words + ["--help"], words + ["-h"]] {
            let result = run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.err)")
            #expect(result.err.isEmpty)
            #expect(result.out == help.text, "\(arguments)")
        }
        #expect(help.text.hasPrefix("Usage: scenelink \(command)"))
        #expect(help.text.contains("\nOptions:\n"))
        #expect(help.text.contains("\nExample:\n  scenelink ") || help.text.contains("\nExample:\n  sudo .build/release/scenelink install"))
    }

    @Test("scenelink --help lists every command that has a help, and every such command is tested above")
    func everyCommandListed() {
        for help in CommandLineTool.helps where help.command != "version" {
            #expect(CommandLineTool.usage.contains("\n  \(help.command) "), "\(help.command)")
            #expect(Self.commands.contains(help.command), "\(help.command)")
        }
    }

    @Test("help after other arguments still answers, and a long flag never runs into its help")
    func helpAnywhere() {
        #expect(run(["resolve", "fuelmoney://settings", "--format", "array", "--help"]).status == 0)
        let serve = run(["serve", "--help"]).out
        #expect(serve.contains("  --webhook-max-in-flight-per-endpoint N\n"))
        #expect(!serve.contains("NWebhook"))
        #expect(serve.contains("env SCENELINK_SESSION_TTL, default 30d"))
        #expect(run(["--help"]).out.contains("SCENELINK_HOST:SCENELINK_PORT"))
        #expect(run(["healthcheck", "--help"]).out.contains("env SCENELINK_PORT, default 8080"))
    }

    @Test("an unknown flag gets the nearest and exit 2, for every command", arguments: [
        (["serve", "--prot", "1"], "scenelink serve: Unknown flag --prot; did you mean --port?"),
        (["healthcheck", "--prot", "1"], "scenelink healthcheck: Unknown flag --prot; did you mean --port?"),
        (["resolve", "fuelmoney://settings", "--fromat", "array"], "scenelink resolve: Unknown flag --fromat; did you mean --format?"),
        (["routes", "--rotues", "x.json"], "scenelink routes: Unknown flag --rotues; did you mean --routes?"),
        (["check", "--route", "x.json"], "scenelink check: Unknown flag --route; did you mean --routes?"),
        (["association", "apple", "--routs", "x.json"], "scenelink association: Unknown flag --routs; did you mean --routes?"),
        (["qr", "--margn", "2", "a"], "scenelink qr: Unknown flag --margn; did you mean --margin?"),
        (["store", "copy", "--form", "a", "--to", "b"], "scenelink store copy: Unknown flag --form; did you mean --from?"),
        (["backup", "--bd", "a", "b"], "scenelink backup: Unknown flag --bd; did you mean --db?"),
        (["keys", "list", "--bd", "a"], "scenelink keys: Unknown flag --bd; did you mean --db?"),
        (["links", "check", "x.json", "--snice", "7d"], "scenelink links check: Unknown flag --snice; did you mean --since?"),
        (["endpoints", "--jsn"], "scenelink endpoints: Unknown flag --jsn; did you mean --json?"),
        (["install", "--prefx", "/tmp"], "scenelink install: Unknown flag --prefx; did you mean --prefix?"),
        (["generate", "swift", "x.json", "--modul", "X"], "scenelink generate swift: Unknown flag --modul; did you mean --module?"),
        (["resolv", "x"], "scenelink: unknown command 'resolv'; did you mean 'resolve'? Run 'scenelink --help' for the commands."),
    ])
    func unknownFlags(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
    }

    @Test("the route file is --routes FILE or the positional ROUTEFILE for every command")
    func routeFileBothWays() {
        for command in [["routes"], ["check"], ["resolve", "recipes://categories"], ["association", "apple"]] {
            let positional = run(command + [Self.recipes])
            let flag = run(command + ["--routes", Self.recipes])
            #expect(positional.status == flag.status && positional.out == flag.out && positional.err == flag.err, "\(command)")
            #expect(flag.status == (command == ["association", "apple"] ? 1 : 0), "\(command): \(flag.err)")
            let both = run(command + [Self.recipes, "--routes", Self.recipes])
            #expect(both.status == 2)
            #expect(both.err.hasPrefix("scenelink \(command[0]): Name the route file once, as ROUTEFILE or as --routes FILE, not both."))
        }
        #expect(run(["routes"], environment: ["SCENELINK_ROUTES": Self.recipes]).out == run(["routes", Self.recipes]).out)
        let check = run(["check"])
        #expect(check.status == 2 && check.err.hasPrefix("scenelink check: Name the route file to check, as ROUTEFILE or --routes FILE (or a bundled one: --example NAME)."))
    }

    @Test("version prints the version, and help names no command that does not exist")
    func version() {
        #expect(run(["version"]).out == "scenelink \(SceneLinkVersion.current)")
        #expect(run(["--version"]).out == "scenelink \(SceneLinkVersion.current)")
        let unknown = run(["help", "resolv"])
        #expect(unknown.status == 2)
        #expect(unknown.err == "scenelink help: there is no command 'resolv'; did you mean 'resolve'? Run 'scenelink --help' for the commands.")
        #expect(run(["help"]).out == CommandLineTool.usage)
        #expect(run([]).status == 2)
    }

    @Test("a duration without its unit is refused with the units to use")
    func durationUnits() {
        let result = run(["serve", "--session-ttl", "30"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("scenelink serve: --session-ttl needs a unit after the number, one of ms, s, min (or m), h or d (such as 30s for seconds), not '30'.\nusage: scenelink serve "))
    }

    @Test("a usage error of serve prints the usage line after the sentence, as every command's does")
    func serveUsageErrorShowsTheUsage() {
        let result = run(["serve", "--port", "abc"])
        #expect(result.status == 2)
        #expect(result.err == "scenelink serve: --port takes a whole number from 0 to 65535, not 'abc'.\n"
                + (CommandLineTool.help(for: "serve")?.usageText ?? "no help"))
        #expect(result.err.contains("\nusage: scenelink serve [ROUTEFILE | --example NAME] [flags]\n"))
    }

    @Test("--example NAME reads a bundled example for every command that reads routes; an unknown name lists the examples")
    func bundledExamples() throws {
        for command in [["routes"], ["check"], ["resolve", "recipes://categories"], ["association", "apple"]] {
            let example = run(command + ["--example", "recipes"])
            let file = run(command + [Self.recipes])
            #expect(example.status == file.status && example.out == file.out, "\(command): \(example.err)")
            let both = run(command + [Self.recipes, "--example", "recipes"])
            #expect(both.status == 2 && both.err.hasPrefix("scenelink \(command[0]): Name a route file or --example NAME, not both."), "\(both.err)")
        }
        #expect(run(["routes"], environment: ["SCENELINK_EXAMPLE": "recipes"]).out == run(["routes", Self.recipes]).out)
        let unknown = run(["routes", "--example", "recipe"])
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("scenelink routes: There is no example 'recipe'; did you mean 'recipes'? "
                                      + "The examples are drilldown, fuelmoney, kitchen-sink, lists, recipes.\nusage: scenelink routes"), "\(unknown.err)")
        let serve = run(["serve", "--example", "zzz"])
        #expect(serve.status == 2)
        #expect(serve.err.hasPrefix("scenelink serve: There is no example 'zzz'; the examples are drilldown, fuelmoney, kitchen-sink, lists, recipes.\nusage: scenelink serve"), "\(serve.err)")
        #expect(throws: ConfigurationError("Name a route file or --example NAME, not both.")) {
            _ = try ServiceConfiguration.parse(arguments: ["r.json", "--example", "recipes"], environment: [:])
        }
        #expect(try ServiceConfiguration.parse(arguments: ["--example", "recipes"], environment: ["SCENELINK_ROUTES": "r.json"]).routesPath == nil)
    }

    @Test("install copies the binary into PREFIX/bin, says when that is not on the PATH, and names the fix when it cannot write")
    func install() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let binary = folder.appendingPathComponent("built-scenelink").path
        FileManager.default.createFile(atPath: binary, contents: Data("#!/bin/sh\necho hi\n".utf8))
        let out = Mutex(""), err = Mutex("")
        let tool = CommandLineTool(environment: ["PATH": "/usr/bin:/bin"], executablePath: binary,
                                   out: { text in out.withLock { $0 += text + "\n" } }, err: { text in err.withLock { $0 += text + "\n" } })
        let prefix = folder.appendingPathComponent("prefix").path
        #expect(tool.run(["install", "--prefix", prefix]) == 0, "\(err.withLock { $0 })")
        let installed = prefix + "/bin/scenelink"
        #expect(FileManager.default.contents(atPath: installed) == Data("#!/bin/sh\necho hi\n".utf8))
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        #expect(out.withLock { $0 } == "installed \(installed)\n\(prefix)/bin is not on your PATH; add it: export PATH=\"\(prefix)/bin:$PATH\"\n")
        // Again over the installed one: replaced, not refused.
        #expect(tool.run(["install", "--prefix", prefix]) == 0)
        let file = folder.appendingPathComponent("a-file").path
        FileManager.default.createFile(atPath: file, contents: Data())
        #expect(tool.run(["install", "--prefix", file]) == 1)
        #expect(err.withLock { $0 }.hasSuffix("scenelink install: cannot create \(file) (it is a file, not a folder); "
                                              + "run it with sudo, or choose a folder of your own: scenelink install --prefix ~/.local.\n"))
        if getuid() != 0 {
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0o555)
            defer { chmod(locked.path, 0o755) }
            #expect(tool.run(["install", "--prefix", locked.path]) == 1)
            #expect(err.withLock { $0 }.contains("cannot create \(locked.path)/bin (Permission denied); run it with sudo, or choose a folder of your own: scenelink install --prefix ~/.local."))
        }
    }
}
