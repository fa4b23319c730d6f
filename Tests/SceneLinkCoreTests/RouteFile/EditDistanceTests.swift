import Testing
@testable import SceneLinkCore

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
        ("/settings/acount", "/settings/account", 1),   // one insertion
        ("kitten", "sitting", 3),                        // two substitutions and an insertion
        ("flaw", "lawn", 2),                             // a deletion and an insertion
        ("abc", "acb", 2),
    ])
    func countsTheFewestSingleByteEdits(a: String, b: String, distance: Int) {
        #expect(EditDistance.between(a.utf8, b.utf8) == distance)
        #expect(EditDistance.between(b.utf8, a.utf8) == distance)
    }

    @Test func comparesOnlyTheFirstBytesOfLongInput() {
        let long = String(repeating: "a", count: 8_192)
        let prefix = String(repeating: "a", count: EditDistance.maximumLength)
        #expect(EditDistance.between(long.utf8, prefix.utf8) == 0)
        #expect(EditDistance.between(long.utf8, "".utf8) == EditDistance.maximumLength)
    }
}
