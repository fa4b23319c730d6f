import Foundation
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite("Admin token rotation")
struct AdminTokenRotationTests {
    @Test("during a rotation both the admin token and the next one are accepted, and no other")
    func bothTokens() async throws {
        try await SceneLinkApplicationTests.withService({ configuration in
            configuration.shortLinks.adminToken = "prEwy_-FntbdFsvj8n2A5AzLV_bC226WSsnO9jDiIdw"
            configuration.shortLinks.nextAdminToken = "FQfZmUSTUDqOthszb0J0psjgQpktTqGjfukkZSzPMx8"
        }) { client, _ async throws in
            var statuses: [Int] = []
            for token in ["prEwy_-FntbdFsvj8n2A5AzLV_bC226WSsnO9jDiIdw", "FQfZmUSTUDqOthszb0J0psjgQpktTqGjfukkZSzPMx8", "gUOOLK0lD0QO8s-WeCohd82sKjS-pSl-floI_kXyHsE"] {
                statuses.append(try await client.send("GET", "/v1/short-links", headers: ["Authorization": "Bearer \(token)"]).status)
            }
            #expect(statuses == [200, 200, 401])
        }
    }

    @Test("--admin-token-next is checked like --admin-token and never shown")
    func configuration() throws {
        let parsed = try ServiceConfiguration.parse(arguments: ["--admin-token-next", "iBZwVTloCnIl5iv2FNdEH2Bfd0BZ4cZwG89u710YieQ"], environment: [:])
        #expect(parsed.shortLinks.nextAdminToken == "iBZwVTloCnIl5iv2FNdEH2Bfd0BZ4cZwG89u710YieQ")
        let option = try #require(ServiceConfiguration.options.first { $0.name == "admin-token-next" })
        #expect(option.show(parsed) == "(set)")
        #expect(throws: ConfigurationError("--admin-token-next may hold only letters, digits and - . _ ~ + /, with = only at the end "
                                           + "(it travels as 'Authorization: Bearer TOKEN').")) {
            try ServiceConfiguration.parse(arguments: ["--admin-token-next", "not a token"], environment: [:])
        }
    }
}
