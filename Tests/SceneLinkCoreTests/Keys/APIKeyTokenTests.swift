import Testing
@testable import SceneLinkCore

@Suite struct APIKeyTokenTests {
    @Test func aNewKeysTextParsesBackAndCarriesAtLeast128RandomBits() throws {
        let token = APIKeyToken.random()
        #expect(token.text.count == 4 + 16 + 1 + 43)
        #expect(APIKeyToken(parsing: token.text) == token)
        #expect(APIKeyToken.isID(token.id))
        #expect(token.secretHash == SHA256.hash(token.secret.utf8))
        #expect(APIKeyToken.random().secret != token.secret)
    }

    @Test func textWithoutAKeysShapeIsNotAKey() {
        for text in ["", "slk_", "slk_0123456789abcdef", "slk_0123456789abcdef_", "slk_0123456789ABCDEF_secret",
                     "slk_0123456789abcde_xsecret", "sk_0123456789abcdef_secret", "5QOGJ0oYVpW2xXjwSG-c2_iLCKJR1rEOhoMn9krFfHY"] {
            #expect(APIKeyToken(parsing: text) == nil, "\(text)")
        }
        #expect(APIKeyToken(parsing: "slk_0123456789abcdef_s-e_c") == APIKeyToken(id: "0123456789abcdef", secret: "s-e_c"))
    }
}

@Suite struct APIKeyScopeTests {
    @Test func linksWriteImpliesLinksReadAndNothingElseImpliesAnything() {
        for held in APIKeyScope.allCases {
            for needed in APIKeyScope.allCases {
                #expect(held.grants(needed) == (held == needed || (held == .linksWrite && needed == .linksRead)))
            }
        }
    }

    @Test func aListIsParsedInCanonicalOrderAndAnUnknownScopeNamesTheValidOnes() throws {
        #expect(try APIKeyScope.parseList("analytics:read, links:write,analytics:read") == [.linksWrite, .analyticsRead])
        #expect(throws: APIKeyInputError.unknownScope("links:wrote")) { try APIKeyScope.parseList("links:wrote") }
        #expect(APIKeyInputError.unknownScope("x").description
            == "'x' is not a scope; the scopes are links:read, links:write, analytics:read, webhooks:admin, audit:read, console.")
        #expect(throws: APIKeyInputError.noScopes) { try APIKeyScope.parseList(" , ") }
    }

    @Test func namesAreOneTo64PlainCharacters() throws {
        #expect(try APIKey.validName("Marketing tool-2.0_x") == "Marketing tool-2.0_x")
        for bad in ["", "   ", " lead", "trail ", String(repeating: "a", count: 65), "a/b", "naïve", "tab\tname"] {
            #expect(throws: APIKeyInputError.self) { try APIKey.validName(bad) }
        }
    }

    @Test func anAuditActorNeverNamesASecret() {
        #expect(AuditActor.adminToken.description == "admin-token")
        #expect(AuditActor.key(id: "0123456789abcdef", name: "ops").description == "key:ops(0123456789abcdef)")
        #expect(AuditActor.console(sessionPrefix: "abcdefghijkl").description == "console:abcdefgh")
    }
}
