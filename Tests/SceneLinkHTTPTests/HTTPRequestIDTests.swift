import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPRequestIDTests {
    @Test func acceptsSaneIdentifiersOnly() {
        #expect(HTTPRequestID.accepted("abc-123_x.y:z+/=@") == "abc-123_x.y:z+/=@")
        #expect(HTTPRequestID.accepted(String(repeating: "a", count: 128)) != nil)
        for bad in ["", String(repeating: "a", count: 129), "a b", "a\"b", "a\tb", "é", "<script>"] {
            #expect(HTTPRequestID.accepted(bad) == nil, "\(bad)")
        }
    }

    @Test func madeIdentifiersAreFifteenCharactersAndDistinct() {
        var generator = HTTPRequestID.Generator(prefix: 0)
        let first = generator.next(), second = generator.next()
        #expect(first == "000000000000001")
        #expect(second == "000000000000002")
        var random = HTTPRequestID.Generator()
        let made = random.next()
        #expect(made.utf8.count == 15)
        #expect(HTTPRequestID.accepted(made) == made)
    }

    @Test func aRequestKeepsItsOwnSaneIdentifierAndGetsOneOtherwise() {
        var generator = HTTPRequestID.Generator(prefix: 0)
        #expect(HTTPRequestID.of(["x-request-id": "trace-7"], generator: &generator) == "trace-7")
        #expect(HTTPRequestID.of(["X-Request-ID": "bad id"], generator: &generator) == "000000000000001")
        #expect(HTTPRequestID.of([:], generator: &generator) == "000000000000002")
    }
}
