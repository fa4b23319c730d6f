import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPFieldNameTests {
    private func recognise(_ name: String) -> HTTPFieldName {
        Array(name.utf8).withUnsafeBufferPointer(HTTPFieldName.recognise)
    }

    @Test(arguments: [
        ("Host", HTTPFieldName.Framing.host), ("Content-Length", .contentLength),
        ("Transfer-Encoding", .transferEncoding), ("Connection", .connection), ("Expect", .expect),
    ])
    func recognisesFramingFieldsInTheirUsualSpellingAsTheSameString(name: String, framing: HTTPFieldName.Framing) {
        let recognised = recognise(name)
        #expect(recognised.framing == framing)
        #expect(recognised.spelled == name)
    }

    @Test(arguments: ["host", "HOST", "content-length", "Content-LENGTH", "transfer-encoding", "CONNECTION", "expect"])
    func recognisesFramingFieldsInAnyCaseWithoutASpelling(name: String) {
        let recognised = recognise(name)
        let expected: HTTPFieldName.Framing? = switch name.lowercased() {
        case "host": .host
        case "content-length": .contentLength
        case "transfer-encoding": .transferEncoding
        case "connection": .connection
        case "expect": .expect
        default: nil
        }
        #expect(recognised.framing == expected)
        #expect(recognised.spelled == nil)
    }

    @Test(arguments: ["Accept", "User-Agent", "If-Match", "Content-Type", "Authorization", "Accept-Encoding"])
    func spellsCommonFieldsWithoutTakingThemForFramingFields(name: String) {
        let recognised = recognise(name)
        #expect(recognised.framing == nil)
        #expect(recognised.spelled == name)
        #expect(recognise(name.uppercased()) == .unknown)
    }

    @Test(arguments: ["Hosts", "Hos", "X-Host", "Content-Lengths", "Connectio", "Expect1", "X"])
    func doesNotRecogniseNeighbours(name: String) {
        #expect(recognise(name) == .unknown)
    }

    @Test func theDecoderKeepsAnUnusualSpellingAsSent() throws {
        var decoder = HTTPRequestDecoder()
        decoder.append(Array("GET / HTTP/1.1\r\nhOsT: a\r\nuser-agent: b\r\n\r\n".utf8))
        guard case .head(let head)? = try decoder.next() else { Issue.record("no head"); return }
        #expect(head.headers.fields.map(\.name) == ["hOsT", "user-agent"])
        #expect(head.headers["host"] == "a")
    }
}
