import Testing
@testable import SceneLinkService

@Suite("scenelink token")
struct CommandLineToolTokenTests {
    @Test("prints a new token each time that serve accepts as --admin-token")
    func printsAnAcceptedToken() throws {
        let first = CommandLineRun(["token"]), second = CommandLineRun(["token"])
        #expect(first.status == 0)
        #expect(first.err.isEmpty)
        #expect(first.out.utf8.count == 43)
        #expect(first.out != second.out)
        let configuration = try ServiceConfiguration.parse(arguments: ["--admin-token", first.out], environment: [:])
        #expect(configuration.shortLinks.adminToken == first.out)
    }

    @Test("takes no arguments")
    func noArguments() {
        let result = CommandLineRun(["token", "extra"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("scenelink token: token takes no arguments, not 'extra'."))
        #expect(CommandLineRun(["token", "--bytes", "16"]).status == 2)
    }
}
