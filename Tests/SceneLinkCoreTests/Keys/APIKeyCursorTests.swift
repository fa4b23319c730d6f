import Testing
@testable import SceneLinkCore

@Suite struct APIKeyCursorTests {
    @Test("a cursor's text reads back as the same cursor")
    func roundTrip() {
        let cursor = APIKeyCursor(createdAtMilliseconds: 1_764_281_400_123, id: "0123456789abcdef")
        #expect(cursor.text == "1764281400123_0123456789abcdef")
        #expect(APIKeyCursor(text: cursor.text) == cursor)
    }

    @Test("anything but MILLISECONDS_ID with a key id is no cursor", arguments: [
        "", "_", "123", "123_", "_0123456789abcdef", "-5_0123456789abcdef", "12a_0123456789abcdef",
        "123_0123456789ABCDEF", "123_0123456789abcde", "99999999999999999999_0123456789abcdef", "1_2_0123456789abcdef",
    ])
    func malformed(text: String) {
        #expect(APIKeyCursor(text: text) == nil)
    }
}
