import Testing
@testable import SceneLinkHTTP

/// Decodes `text` fed in segments of `segment` bytes (0 = all at once); returns events or the error.
private func decode(_ text: String, segment: Int = 0, limits: HTTPRequestDecoder.Limits = .init(),
                    bodyLimit: Int? = nil) -> (requests: [HTTPRequest], error: HTTPDecodingError?) {
    var decoder = HTTPRequestDecoder(limits: limits)
    let bytes = Array(text.utf8)
    var requests: [HTTPRequest] = []
    var start = 0
    repeat {
        let end = segment == 0 ? bytes.count : min(bytes.count, start + segment)
        decoder.append(bytes[start ..< end])
        start = end
        do {
            while let event = try decoder.next() {
                switch event {
                case .head: if let bodyLimit { try decoder.limitBody(to: bodyLimit) }
                case .request(let request): requests.append(request)
                }
            }
        } catch {
            return (requests, error)
        }
    } while start < bytes.count
    return (requests, nil)
}

private func decodingError(_ text: String) -> HTTPDecodingError? { decode(text).error }

@Suite struct HTTPRequestDecoderTests {
    @Test func decodesASimpleGet() throws {
        let result = decode("GET /healthz?x=1 HTTP/1.1\r\nHost: localhost:8080\r\nAccept: */*\r\n\r\n")
        #expect(result.error == nil)
        let request = try #require(result.requests.first)
        #expect(request.method == .get)
        #expect(request.path == "/healthz")
        #expect(request.query == "x=1")
        #expect(request.version == .http1_1)
        #expect(request.headers["host"] == "localhost:8080")
        #expect(request.headers["ACCEPT"] == "*/*")
        #expect(request.body.isEmpty)
    }

    /// The decoder's reading of the head just returned: keep-alive and 100-continue.
    private func headFlags(_ text: String) throws -> (keepAlive: Bool, expectsContinue: Bool) {
        var decoder = HTTPRequestDecoder()
        decoder.append(Array(text.utf8))
        guard case .head? = try decoder.next() else {
            Issue.record("no head in \(text)")
            return (false, false)
        }
        return (decoder.keepAlive, decoder.expectsContinue)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nCONNECTION: Keep-Alive, CLOSE\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: upgrade\r\nConnection: close \r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nconnection: keep-alive\r\n\r\n", true),
        ("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n", false),
    ])
    func readsWhetherTheClientWantsTheConnectionKept(text: String, keepAlive: Bool) throws {
        #expect(try headFlags(text).keepAlive == keepAlive)
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nExpect: 100-continue\r\n\r\n", true),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nEXPECT:  100-Continue \r\n\r\n", true),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nExpect: something\r\nExpect: 100-continue\r\n\r\n", false),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\n", false),
        ("POST / HTTP/1.0\r\nContent-Length: 1\r\nExpect: 100-continue\r\n\r\n", false),
    ])
    func readsWhetherTheClientWaitsForContinue(text: String, expects: Bool) throws {
        #expect(try headFlags(text).expectsContinue == expects)
    }

    @Test func forgetsTheLastHeadsFieldsForTheNextRequest() throws {
        var decoder = HTTPRequestDecoder()
        decoder.append(Array("GET /1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /2 HTTP/1.1\r\nHost: b\r\n\r\n".utf8))
        var keepAlive: [Bool] = []
        while let event = try decoder.next() {
            if case .head = event { keepAlive.append(decoder.keepAlive) }
        }
        // A second Host would be a duplicate if the first head's fields were still counted.
        #expect(keepAlive == [false, true])
    }

    @Test func decodesARequestSplitIntoOneByteSegments() {
        let text = "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
        let result = decode(text, segment: 1)
        #expect(result.error == nil)
        #expect(result.requests.count == 1)
        #expect(result.requests.first.map { String(decoding: $0.body, as: UTF8.self) } == "hello")
    }

    @Test func decodesPipelinedRequestsInOrder() {
        let text = "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhiGET /3 HTTP/1.1\r\nHost: a\r\n\r\n"
        for segment in [0, 1, 7] {
            let result = decode(text, segment: segment)
            #expect(result.error == nil)
            #expect(result.requests.map(\.path) == ["/1", "/2", "/3"])
            #expect(result.requests.map(\.body.count) == [0, 2, 0])
        }
    }

    @Test func decodesChunkedBodiesIgnoringExtensionsAndConsumingTrailers() {
        let text = "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n6 ; x\r\n world\r\n0\r\nChecksum: abc\r\n\r\n"
            + "GET /next HTTP/1.1\r\nHost: a\r\n\r\n"
        for segment in [0, 1, 3] {
            let result = decode(text, segment: segment)
            #expect(result.error == nil)
            #expect(result.requests.count == 2)
            #expect(result.requests.first.map { String(decoding: $0.body, as: UTF8.self) } == "hello world")
            #expect(result.requests.last?.path == "/next")
        }
    }

    @Test func acceptsAbsoluteFormTargets() throws {
        let result = decode("GET http://example.com:80/a/b?q=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
        let request = try #require(result.requests.first)
        #expect(request.path == "/a/b")
        #expect(request.query == "q=1")
    }

    @Test func treatsHTTP12AsHTTP11AndKeepsHTTP10() {
        #expect(decode("GET / HTTP/1.2\r\nHost: a\r\n\r\n").requests.first?.version == .http1_1)
        #expect(decode("GET / HTTP/1.0\r\n\r\n").requests.first?.version == .http1_0)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/0.9", "HTTP/3.0"])
    func rejectsOtherVersionsWith505(_ version: String) throws {
        let error = try #require(decodingError("GET / \(version)\r\nHost: a\r\n\r\n"))
        #expect(error.status.code == 505)
        #expect(error.description.contains(version))
    }

    @Test(arguments: ["GARBAGE\r\n\r\n", "GET /\r\nHost: a\r\n\r\n", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",
                      "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", "GET / http/1.1\r\nHost: a\r\n\r\n",
                      "G(T / HTTP/1.1\r\nHost: a\r\n\r\n", "GET / HTTP/11\r\nHost: a\r\n\r\n",
                      "\u{16}\u{03}\u{01}\u{02}\u{00} / HTTP/1.1\r\n\r\n"])
    func rejectsGarbageRequestLinesWith400(_ text: String) throws {
        let error = try #require(decodingError(text))
        #expect(error.status.code == 400)
        #expect(error.closesConnection)
    }

    @Test func rejectsTargetsThatAreNotAPathOrURI() {
        #expect(decodingError("GET abc HTTP/1.1\r\nHost: a\r\n\r\n") == .invalidTarget)
        #expect(decodingError("GET * HTTP/1.1\r\nHost: a\r\n\r\n") == .invalidTarget)
        #expect(decode("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n").error == nil)
    }

    @Test(arguments: ["http://user@a/", "http://user:pass@a/x", "http:///healthz", "http://?q", "http://#f"])
    func rejectsAbsoluteFormWithUserinfoOrWithoutAHost(_ target: String) {
        #expect(decodingError("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n") == .invalidTarget)
    }

    @Test func acceptsAbsoluteFormWithAHostAndNoPath() throws {
        let request = try #require(decode("GET http://a:80 HTTP/1.1\r\nHost: a\r\n\r\n").requests.first)
        #expect(request.path == "/")
    }

    @Test func rejectsMissingHostOnHTTP11() {
        let error = decodingError("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n")
        #expect(error == .missingHost)
        #expect(error?.status.code == 400)
        #expect(error?.description == "An HTTP/1.1 request must carry exactly one Host header; add one.")
    }

    @Test func rejectsDuplicateHost() {
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .duplicateHost)
        #expect(decodingError("GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n") == .duplicateHost)
    }

    @Test func rejectsInvalidHost() {
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a b\r\n\r\n") == .invalidHost)
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n") == .invalidHost)
        #expect(decode("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n").error == nil)
    }

    @Test(arguments: ["a:abc", "a:8080x", "a:1:2", "::1", "[::1", "[::1]x", "a[b]", "a]"])
    func rejectsHostsThatAreNotHostAndDigitPort(_ host: String) {
        #expect(decodingError("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") == .invalidHost)
    }

    @Test(arguments: ["a", "a:8080", "a:", "127.0.0.1:80", "[::1]", "[::1]:80", "xn--bcher-kva.example", ""])
    func acceptsHostsWithAnOptionalDigitPort(_ host: String) {
        #expect(decode("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").requests.count == 1)
    }

    @Test func rejectsWhitespaceBeforeColon() {
        #expect(decodingError("GET / HTTP/1.1\r\nHost : a\r\n\r\n") == .whitespaceBeforeColon)
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\nX-A\t: b\r\n\r\n") == .whitespaceBeforeColon)
    }

    @Test func rejectsObsoleteLineFolding() {
        let error = decodingError("GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n two\r\n\r\n")
        #expect(error == .obsoleteLineFolding)
        #expect(error?.status.code == 400)
    }

    @Test func rejectsBareCR() {
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n") == .invalidLineEnding)
        #expect(decodingError("GET / HTTP/1.1\rHost: a\r\n\r\n") != nil)
    }

    @Test func rejectsBareLF() {
        #expect(decodingError("GET / HTTP/1.1\nHost: a\r\n\r\n") == .invalidLineEnding)
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\n\r\n") == .invalidLineEnding)
    }

    @Test func rejectsNULAndControlsInValues() {
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{0}c\r\n\r\n") == .invalidFieldValue(name: "X-A"))
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{7}\r\n\r\n") == .invalidFieldValue(name: "X-A"))
        #expect(decode("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\tc\u{e9}\r\n\r\n").error == nil)
    }

    @Test func rejectsInvalidFieldNames() {
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n") == .invalidFieldName)
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\n: empty\r\n\r\n") == .invalidFieldName)
        #expect(decodingError("GET / HTTP/1.1\r\nHost: a\r\nX(Y): z\r\n\r\n") == .invalidFieldName)
    }

    @Test func rejectsContentLengthWithTransferEncoding() {
        let error = decodingError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc")
        #expect(error == .contentLengthWithTransferEncoding)
        #expect(error?.closesConnection == true)
    }

    @Test func rejectsDifferingContentLengthsButAcceptsIdenticalOnes() {
        #expect(decodingError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd") == .conflictingContentLength)
        #expect(decodingError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 4\r\n\r\nabcd") == .conflictingContentLength)
        #expect(decode("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc").requests.first?.body.count == 3)
    }

    @Test(arguments: ["+5", "-1", "0x5", "5 5", "", "1e3", "５"])
    func rejectsContentLengthThatIsNotPlainDigits(_ value: String) throws {
        let error = try #require(decodingError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(value)\r\n\r\n"))
        #expect(error.status.code == 400)
        #expect(error.closesConnection)
        if !value.isEmpty { #expect(error == .invalidContentLength(value)) }
    }

    @Test func rejectsTransferCodingsOtherThanAFinalChunked() {
        #expect(decodingError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n") == .invalidTransferEncoding("gzip"))
        #expect(decodingError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n")?.status.code == 400)
        #expect(decodingError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n")?.status.code == 400)
        #expect(decodingError("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n")?.status.code == 400)
    }

    @Test func answersUnknownCodingsBeforeChunkedWith501() {
        let error = decodingError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: foo, chunked\r\n\r\n")
        #expect(error == .unsupportedTransferCoding("foo"))
        #expect(error?.status.code == 501)
        #expect(error?.closesConnection == true)
    }

    @Test func acceptsChunkedCaseInsensitively() {
        #expect(decode("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n0\r\n\r\n").requests.count == 1)
    }

    @Test func rejectsChunkSizeOverflow() {
        let error = decodingError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF\r\n")
        #expect(error == .invalidChunkSize)
        #expect(error?.status.code == 400)
    }

    @Test(arguments: ["zz\r\n", "\r\n", "-1\r\n", "5\r\nhelloX\r\n", "5 x\r\nhello\r\n", "5\nhello\r\n", "0x5\r\nhello\r\n"])
    func rejectsBadChunkFraming(_ chunk: String) throws {
        let error = try #require(decodingError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk))
        #expect(error.status.code == 400)
        #expect(error.closesConnection)
    }

    @Test(arguments: ["5;a=\"x\r\nhello\r\n", "5 \r\nhello\r\n", "5;a b=c\r\nhello\r\n", "5;\r\nhello\r\n",
                      "5;=x\r\nhello\r\n", "5;a=\r\nhello\r\n", "5;a=\"\\\u{1}\"\r\nhello\r\n", "5;a;\r\nhello\r\n"])
    func rejectsChunkLinesOutsideTheExtensionGrammar(_ chunk: String) throws {
        let error = try #require(decodingError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk))
        // Whitespace after the size with no ';' is a bad size line; the rest are bad extensions.
        #expect(error == (chunk.hasPrefix("5 \r\n") ? .invalidChunkSize : .invalidChunkExtension))
        #expect(error.status.code == 400)
    }

    @Test(arguments: ["5;a\r\n", "5 ; a = b\r\n", "5;a=\"q \\\" ;\"\r\n", "5;a=b;c;d=\"\"\r\n", "5\t;a\r\n"])
    func acceptsChunkExtensionsThatFollowTheGrammar(_ line: String) {
        let text = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + line + "hello\r\n0\r\n\r\n"
        let result = decode(text)
        #expect(result.error == nil)
        #expect(result.requests.first.map { String(decoding: $0.body, as: UTF8.self) } == "hello")
    }

    @Test func capsTheChunkExtensionsOfOneBodyAtTheHeaderLimit() {
        let limits = HTTPRequestDecoder.Limits(maxRequestLineBytes: 64, maxHeaderBytes: 100, maxBodyBytes: 1_000)
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        // Each chunk line carries a 30-byte extension: four of them pass 100 bytes.
        let chunk = "1;" + String(repeating: "x", count: 28) + "\r\nz\r\n"
        #expect(decode(head + String(repeating: chunk, count: 3) + "0\r\n\r\n", limits: limits).error == nil)
        let error = decode(head + String(repeating: chunk, count: 4) + "0\r\n\r\n", limits: limits).error
        #expect(error == .chunkExtensionsTooLarge(limit: 100))
        // The count starts again with the next request.
        let twice = head + String(repeating: chunk, count: 3) + "0\r\n\r\n"
        #expect(decode(twice + twice, limits: limits).requests.count == 2)
    }

    @Test func answersABrokenMethodBeforeTheLineEnds() {
        // A TLS ClientHello starts with 0x16: no CRLF is coming, so waiting would only hold the connection.
        #expect(decode("\u{16}\u{3}\u{1}\u{2}\u{0}").error == .invalidRequestLine)
        #expect(decode("GE(T / HTTP/1.1", segment: 1).error == .invalidRequestLine)
        // A method still arriving, or an empty line's CR, is not broken yet.
        #expect(decode("GET / HTT", segment: 1).error == nil)
        #expect(decode("\r").error == nil)
        #expect(decode("\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", segment: 1).requests.count == 1)
    }

    @Test(arguments: ["\u{8D}\n", "G\u{0}T / HTTP/1.1\n", "\n", "GET\n"])
    func answersABrokenMethodTheSameWhetherOrNotTheLineHasEnded(_ text: String) {
        // A fuzzer finding: a bare LF after a broken method was invalidLineEnding when it came
        // with the method, invalidRequestLine when it came later.
        #expect(decode(text).error == .invalidRequestLine)
        #expect(decode(text, segment: 1).error == .invalidRequestLine)
    }

    @Test func rejectsTooLongRequestLineWith414() {
        let limits = HTTPRequestDecoder.Limits(maxRequestLineBytes: 64, maxHeaderBytes: 1_024, maxBodyBytes: 100)
        let long = "GET /" + String(repeating: "a", count: 100) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(decode(long, limits: limits).error == .requestLineTooLong(limit: 64))
        // Detected before the line ends, so a slow client cannot make us buffer without bound.
        #expect(decode("GET /" + String(repeating: "a", count: 100), segment: 1, limits: limits).error?.status.code == 414)
        #expect(decode("GET /" + String(repeating: "a", count: 40) + " HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits).error == nil)
    }

    @Test func countsTheRequestLineWithoutItsCRLF() {
        let limits = HTTPRequestDecoder.Limits(maxRequestLineBytes: 64, maxHeaderBytes: 1_024, maxBodyBytes: 100)
        // "GET /" + n + " HTTP/1.1" is n + 14 bytes.
        let exactly = "GET /" + String(repeating: "a", count: 50) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        let oneMore = "GET /" + String(repeating: "a", count: 51) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        for segment in [0, 1] {
            #expect(decode(exactly, segment: segment, limits: limits).requests.count == 1)
            #expect(decode(oneMore, segment: segment, limits: limits).error == .requestLineTooLong(limit: 64))
        }
    }

    @Test func rejectsTooLargeHeaderBlockWith431() {
        let limits = HTTPRequestDecoder.Limits(maxRequestLineBytes: 64, maxHeaderBytes: 100, maxBodyBytes: 100)
        let many = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X-A: 0123456789\r\n", count: 10) + "\r\n"
        let error = decode(many, limits: limits).error
        #expect(error == .headerBlockTooLarge(limit: 100))
        #expect(error?.status.code == 431)
        #expect(decode("GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "b", count: 200), segment: 5, limits: limits).error?.status.code == 431)
    }

    @Test func rejectsDeclaredBodyOverTheLimitBeforeReadingIt() {
        let limits = HTTPRequestDecoder.Limits(maxRequestLineBytes: 64, maxHeaderBytes: 1_024, maxBodyBytes: 10)
        // No body byte has been sent: the declared length alone answers 413.
        let result = decode("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n", limits: limits)
        #expect(result.error == .bodyTooLarge(limit: 10))
        #expect(result.error?.status.code == 413)
        #expect(decode("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", limits: limits).error?.status.code == 413)
    }

    @Test func appliesTheCallersBodyLimitOverTheDefault() {
        let text = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 20\r\n\r\n" + String(repeating: "x", count: 20)
        #expect(decode(text, bodyLimit: 5).error == .bodyTooLarge(limit: 5))
        let limits = HTTPRequestDecoder.Limits(maxRequestLineBytes: 64, maxHeaderBytes: 1_024, maxBodyBytes: 10)
        #expect(decode(text, limits: limits, bodyLimit: 50).requests.first?.body.count == 20)
    }

    @Test func limitBodyThrowsAtOnceForTheDeclaredLength() throws {
        var decoder = HTTPRequestDecoder()
        decoder.append(Array("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n".utf8))
        guard case .head = try decoder.next() else { Issue.record("expected a head"); return }
        #expect(decoder.framing == .contentLength(100))
        #expect(throws: HTTPDecodingError.bodyTooLarge(limit: 99)) { try decoder.limitBody(to: 99) }
    }

    @Test func rejectsChunkedBodiesOverTheLimit() {
        let limits = HTTPRequestDecoder.Limits(maxRequestLineBytes: 64, maxHeaderBytes: 1_024, maxBodyBytes: 8)
        let text = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n"
        #expect(decode(text, limits: limits).error == .bodyTooLarge(limit: 8))
    }

    @Test func staysFailedAfterAnError() {
        var decoder = HTTPRequestDecoder()
        decoder.append(Array("BAD\r\n".utf8))
        #expect(throws: HTTPDecodingError.invalidRequestLine) { try decoder.next() }
        decoder.append(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(throws: HTTPDecodingError.invalidRequestLine) { try decoder.next() }
    }

    @Test func skipsEmptyLinesBeforeTheRequestLine() {
        #expect(decode("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n").requests.count == 1)
    }

    @Test func reportsIdleOnlyBetweenRequests() throws {
        var decoder = HTTPRequestDecoder()
        #expect(decoder.isIdle)
        decoder.append(Array("GE".utf8))
        #expect(try decoder.next() == nil)
        #expect(!decoder.isIdle)
        decoder.append(Array("T / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        _ = try decoder.next()
        _ = try decoder.next()
        #expect(decoder.isIdle)
    }

    @Test func tokenAndHostMasksMatchTheirCharacterLists() {
        let token = HTTPGrammar.bitSet(HTTPGrammar.tokenCharacters)
        let host = HTTPGrammar.bitSet(HTTPGrammar.hostCharacters)
        #expect(token.low == HTTPGrammar.tokenLow && token.high == HTTPGrammar.tokenHigh)
        #expect(host.low == HTTPGrammar.hostLow && host.high == HTTPGrammar.hostHigh)
        for byte in UInt8.min ... UInt8.max {
            let scalar = Character(Unicode.Scalar(byte))
            #expect(HTTPGrammar.isTokenByte(byte) == HTTPGrammar.tokenCharacters.contains(scalar), "byte \(byte)")
            let inHostMask = HTTPGrammar.isMember(byte, low: HTTPGrammar.hostLow, high: HTTPGrammar.hostHigh)
            #expect(inHostMask == HTTPGrammar.hostCharacters.contains(scalar), "byte \(byte)")
        }
    }

    @Test func errorsCarryProblemJSON() {
        let problem = HTTPDecodingError.missingHost.problem
        #expect(problem.status.code == 400)
        #expect(problem.type == "https://scenelink.dev/problems/missing-host")
        #expect(problem.json.contains("\"detail\":\"An HTTP/1.1 request must carry exactly one Host header; add one.\""))
    }
}
