import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The one bearer reading that session tokens and the admin token share.
@Suite struct BearerCredentialsTests {
    @Test func token68IsOneOrMoreTokenCharactersThenPadding() {
        for valid in ["a", "abc==", "a.b-c_d~e+f/g=", "Zz09"] { #expect(BearerCredentials.isToken68(valid.utf8), "\(valid)") }
        for invalid in ["", "=", "===", "a=b", "a b", "t\u{00E9}k", "a,b"] {
            #expect(!BearerCredentials.isToken68(invalid.utf8), "\(invalid)")
        }
    }

    @Test func failuresSayWhichPartIsWrong() {
        #expect(throws: BearerCredentials.Failure.notBearer) { try BearerCredentials.token(inField: "Basic abc") }
        #expect(throws: BearerCredentials.Failure.notBearer) { try BearerCredentials.token(inField: "Bearer") }
        #expect(throws: BearerCredentials.Failure.malformed) { try BearerCredentials.token(inField: "Bearer ==") }
        #expect(throws: BearerCredentials.Failure.malformed) {
            try BearerCredentials.token(inField: "Bearer " + String(repeating: "a", count: BearerCredentials.maximumTokenBytes + 1))
        }
        #expect((try? BearerCredentials.token(inField: "bEaReR  tok=  ")) == "tok=")
    }

    @Test func theAdminTokenFlagTakesOnlyToken68() throws {
        #expect(throws: ConfigurationError.self) { try ShortLinkEndpoints.Configuration.adminToken("================", flag: "admin-token") }
        #expect(throws: ConfigurationError.self) { try ShortLinkEndpoints.Configuration.adminToken("abcdefghijklmnop q", flag: "admin-token") }
        let padded = "7xGFJTpSIjv3rbCxhoIm3jWtdpVcl337yI1n09UWR68="
        #expect(try ShortLinkEndpoints.Configuration.adminToken(padded, flag: "admin-token") == padded)
    }
}
