import Foundation
import SceneLinkCore
import Synchronization
import Testing
@testable import SceneLinkService

@Suite("scenelink endpoints")
struct CommandLineToolEndpointsTests {
    private func run(_ arguments: [String]) -> CommandLineRun { CommandLineRun(["endpoints"] + arguments) }

    @Test("prints one aligned line per declared route, with its port, caller, rate limit and body limit")
    func table() throws {
        let result = run([])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("METHOD  PATTERN") == true)
        #expect(lines.count == 1 + (try EndpointTableTests.serviceEndpoints().endpoints.count))
        #expect(lines.contains { $0.hasPrefix("POST    /v1/webhooks ") && $0.contains(" admin ") && $0.contains(" admin-token|webhooks:admin ")
            && $0.hasSuffix("16384 B") })
        #expect(lines.contains { $0.hasPrefix("POST    /v1/keys ") && $0.contains(" admin-token ") })
        #expect(lines.contains { $0.hasPrefix("GET     /v1/qr ") && $0.contains("qr per address") })
        #expect(lines.contains { $0.hasPrefix("GET     /healthz ") && $0.contains(" both ") && $0.contains("none: ") })
    }

    @Test("--json gives tools every declaration, and serve flags that set limits are applied")
    func json() throws {
        let result = run(["--json", "--max-value-bytes", "2048"])
        #expect(result.status == 0)
        let items = try #require(try JSONParser.parse(Array(result.out.utf8)).arrayValue)
        let put = try #require(items.first { $0["method"]?.stringValue == "PUT" && $0["pattern"]?.stringValue == "/v1/sessions/{id}/scenes/{scene}/values/{key}" })
        #expect(put["caller"]?.stringValue == "session")
        #expect(put["maxBodyBytes"]?.intValue == 2048)
        #expect(put["rateLimit"]?["class"]?.stringValue == "state")
        #expect(put["rateLimit"]?["per"]?.stringValue == "session")
        let keys = try #require(items.first { $0["method"]?.stringValue == "GET" && $0["pattern"]?.stringValue == "/v1/keys" })
        #expect(keys["caller"]?.stringValue == "admin-token")
        #expect(keys["scope"] == .null)
        let links = try #require(items.first { $0["method"]?.stringValue == "GET" && $0["pattern"]?.stringValue == "/v1/short-links" })
        #expect(links["caller"]?.stringValue == "admin-token")
        #expect(links["scope"]?.stringValue == "links:read")
        let claim = try #require(items.first { $0["pattern"]?.stringValue == "/c/{token}" })
        #expect(claim["pathCarriesSecret"] == .bool(true))
    }

    @Test("--help prints the usage and an example; a bad serve flag is a usage error")
    func help() {
        let help = run(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("Example:"))
        let bad = run(["--port", "seventy"])
        #expect(bad.status == 2)
        #expect(bad.err.hasPrefix("scenelink endpoints: --port"))
    }
}
