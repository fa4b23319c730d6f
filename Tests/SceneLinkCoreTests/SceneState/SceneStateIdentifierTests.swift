import SceneLinkCore
import Testing

@Suite struct SceneStateIdentifierTests {
    @Test(arguments: ["path", "main-window", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "a.b_c~d"])
    func validKeysAndScenesAreAccepted(raw: String) throws {
        #expect(try ValueKey(raw).rawValue == raw)
        #expect(try SceneID(raw).rawValue == raw)
    }

    @Test func emptyIsRefused() {
        let error = #expect(throws: SceneStateIdentifierError.self) { try ValueKey("") }
        #expect(error?.reason == .empty)
        #expect(error?.description == "The value key is empty; give 1 or more of the characters A-Z a-z 0-9 - . _ ~.")
    }

    @Test func tooLongIsRefused() {
        let error = #expect(throws: SceneStateIdentifierError.self) { try SceneID(String(repeating: "a", count: 129)) }
        #expect(error?.reason == .tooLong(maximum: 128))
        #expect(error?.description == "The scene id is 129 bytes long; use at most 128.")
        #expect(throws: Never.self) { try SceneID(String(repeating: "a", count: 128)) }
    }

    @Test(arguments: ["a b", "a/b", "é", "a%2F", "line\nbreak", "quote\""])
    func otherCharactersAreRefused(raw: String) {
        let error = #expect(throws: SceneStateIdentifierError.self) { try ValueKey(raw) }
        guard case .invalidCharacter? = error?.reason else {
            Issue.record("expected invalidCharacter, got \(String(describing: error))")
            return
        }
        #expect(error?.description.hasPrefix("The value key contains the character U+") == true)
    }

    @Test func dotSegmentsAreRefused() {
        #expect(throws: SceneStateIdentifierError.self) { try SceneID(".") }
        #expect(throws: SceneStateIdentifierError.self) { try ValueKey("..") }
    }

    @Test func sessionIDsRefuseDots() {
        let error = #expect(throws: SceneStateIdentifierError.self) { try SessionID("a.b") }
        #expect(error?.kind == .sessionID)
    }
}
