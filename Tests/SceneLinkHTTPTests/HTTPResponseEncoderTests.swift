import Testing
@testable import SceneLinkHTTP

private let date = Array("Sun, 06 Nov 1994 08:49:37 GMT".utf8)

private func encode(_ response: HTTPResponse, method: HTTPMethod = .get,
                    connection: HTTPResponseEncoder.ConnectionDirective = .persistent) -> String {
    var bytes: [UInt8] = []
    let count = HTTPResponseEncoder(serverName: "SceneLink/9.9").encode(response, method: method, connection: connection,
                                                                      date: date, into: &bytes)
    #expect(count == bytes.count)
    return String(decoding: bytes, as: UTF8.self)
}

@Suite struct HTTPResponseEncoderTests {
    @Test func writesStatusDateServerContentLengthAndBody() {
        let text = encode(.json(#"{"status":"ok"}"#))
        #expect(text == "HTTP/1.1 200 OK\r\nServer: SceneLink/9.9\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
            + "Content-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"status\":\"ok\"}")
    }

    @Test func saysCloseOrKeepAliveWhenAsked() {
        #expect(encode(HTTPResponse(), connection: .close).contains("\r\nConnection: close\r\n"))
        #expect(encode(HTTPResponse(), connection: .keepAlive).contains("\r\nConnection: keep-alive\r\n"))
        #expect(!encode(HTTPResponse(), connection: .persistent).contains("Connection:"))
    }

    @Test func framesAStreamedBodyWithChunkedCodingOrNothingForHTTP10() {
        let stream = HTTPBodyStream(next: { $0(.end) })
        var response = HTTPResponse(contentType: "text/csv", stream: stream)
        response.headers.add("Transfer-Encoding", "gzip")  // the encoder's own, never a handler's
        var bytes: [UInt8] = []
        let encoder = HTTPResponseEncoder(serverName: "SceneLink/9.9")
        encoder.encode(response, method: .get, connection: .persistent, date: date, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "HTTP/1.1 200 OK\r\nServer: SceneLink/9.9\r\n"
            + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n")
        bytes = []
        encoder.encode(response, method: .get, connection: .close, date: date, streamFraming: .closeDelimited, into: &bytes)
        let closing = String(decoding: bytes, as: UTF8.self)
        #expect(!closing.contains("Transfer-Encoding") && !closing.contains("Content-Length"))
        #expect(closing.hasSuffix("Content-Type: text/csv\r\nConnection: close\r\n\r\n"))
    }

    @Test(arguments: [(1, "1"), (10, "a"), (255, "ff"), (65_536, "10000"), (0x1234abcd, "1234abcd")])
    func writesChunkSizesInHex(_ count: Int, _ hex: String) {
        var buffer = HTTPOutputBuffer()
        HTTPResponseEncoder.writeChunkHead(count: count, into: &buffer)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == hex + "\r\n")
    }

    @Test func keepsHeadersButDropsTheBodyForHEAD() {
        let text = encode(.json("[1,2,3]"), method: .head)
        #expect(text.hasSuffix("Content-Length: 7\r\n\r\n"))
    }

    @Test(arguments: [HTTPStatus.noContent, .notModified, .continue])
    func sendsNoBodyOrContentLengthFor1xx204And304(_ status: HTTPStatus) {
        let text = encode(HTTPResponse(status: status, body: Array("ignored".utf8)))
        #expect(text.hasPrefix("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func writesExactContentLengthForEmptyAndLargeBodies() {
        #expect(encode(HTTPResponse()).contains("Content-Length: 0\r\n"))
        let big = HTTPResponse(body: [UInt8](repeating: 65, count: 1_234_567))
        #expect(encode(big).contains("Content-Length: 1234567\r\n"))
    }

    @Test func replacesFramingHeadersAHandlerSet() {
        let response = HTTPResponse(headers: ["content-length": "99", "Transfer-Encoding": "chunked",
                                              "Connection": "keep-alive", "Date": "x", "Server": "y", "X-Ok": "1"],
                                    body: Array("ab".utf8))
        let text = encode(response, connection: .close)
        #expect(!text.contains("Content-Length: 99"))
        #expect(!text.contains("chunked"))
        #expect(!text.contains("keep-alive"))
        #expect(text.contains("Content-Length: 2\r\n"))
        #expect(text.contains("X-Ok: 1\r\n"))
    }

    @Test func dropsHeadersThatWouldSplitTheResponse() {
        let response = HTTPResponse(headers: ["X-Evil": "a\r\nSet-Cookie: x=1", "Bad Name": "v", "X-Good": "v"])
        let text = encode(response)
        #expect(!text.contains("Set-Cookie"))
        #expect(!text.contains("Bad Name"))
        #expect(text.contains("X-Good: v\r\n"))
    }

    @Test func formatsIMFFixdate() {
        #expect(HTTPDate.imfFixdate(epochSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.imfFixdate(epochSeconds: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.imfFixdate(epochSeconds: 951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.iso8601(epochMicroseconds: 784_111_777_000_042) == "1994-11-06T08:49:37.000042Z")
    }

    @Test func cachesTheDateForTheCurrentSecond() {
        var cache = HTTPDate.Cache()
        let value = String(decoding: cache.current(), as: UTF8.self)
        #expect(value.count == 29)
        #expect(value.hasSuffix(" GMT"))
    }
}
