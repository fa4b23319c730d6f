import Foundation
import Synchronization
import Testing
@testable import SceneLinkHTTP

/// A producer for tests: `parts` in order (or `size`-byte parts of `fill` without end), then the
/// end or a failure; counts its pulls and whether it was cancelled.
final class TestProducer: Sendable {
    struct Failed: Error {}

    let parts: [[UInt8]]
    let endless: Int?
    let fails: Bool
    let pulls = Atomic<Int>(0)
    let cancelled = Atomic<Int>(0)

    init(parts: [String] = [], endlessPartsOf size: Int? = nil, fails: Bool = false) {
        self.parts = parts.map { Array($0.utf8) }
        endless = size
        self.fails = fails
    }

    var stream: HTTPBodyStream {
        HTTPBodyStream(next: { answer in
            let index = self.pulls.wrappingAdd(1, ordering: .relaxed).oldValue
            if let size = self.endless { return answer(.bytes([UInt8](repeating: 0x61 + UInt8(index % 26), count: size))) }
            if index < self.parts.count { return answer(.bytes(self.parts[index])) }
            answer(self.fails ? .failure(Failed()) : .end)
        }, cancel: { self.cancelled.wrappingAdd(1, ordering: .relaxed) })
    }
}

/// Streamed bodies over real sockets: framing, backpressure, HEAD, HTTP/1.0, keep-alive after a
/// stream, failures and clients that go away.
@Suite struct HTTPBodyStreamTests {
    private func router(_ producer: TestProducer) -> HTTPRouter {
        var router = testRouter()
        router.on(.get, "/stream") { _, responder in
            // From another thread, as a store-backed handler answers.
            Thread.detachNewThread { responder.respond(HTTPResponse(contentType: "text/plain", stream: producer.stream)) }
        }
        return router
    }

    @Test func aChunkedBodyArrivesIntactAndFramedThenTheConnectionServesTheNextRequest() async throws {
        let producer = TestProducer(parts: ["hello ", "", "chunked ", String(repeating: "x", count: 300)])
        let records = Mutex<[HTTPAccessRecord]>([])
        try await withServer(router(producer), onRequestCompleted: { record in records.withLock { $0.append(record) } }) { _, port in
            let client = try TestClient(port: port)
            try client.send("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try client.readResponse()
            #expect(head.status == 200)
            #expect(head.header("Transfer-Encoding") == "chunked")
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Connection") == nil)
            #expect(head.header("Content-Type") == "text/plain")
            // Raw bytes: the empty part is skipped (it would end the body), sizes are hex.
            let expected = "6\r\nhello \r\n8\r\nchunked \r\n12c\r\n" + String(repeating: "x", count: 300) + "\r\n0\r\n\r\n"
            let raw = client.readBytesAfterHead(count: expected.utf8.count)
            #expect(String(decoding: raw, as: UTF8.self) == expected)
            #expect(producer.pulls.load(ordering: .relaxed) == 5)
            #expect(producer.cancelled.load(ordering: .relaxed) == 0)
            let next = try client.exchange("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(next.status == 200)
            #expect(next.body == #"{"status":"ok"}"#)
        }
        let logged = records.withLock { $0 }
        #expect(logged.map(\.path) == ["/stream", "/healthz"])
        // The head plus 350 bytes of chunks, data and framing.
        #expect(logged.first.map { $0.responseBytes > 350 && $0.responseBytes < 350 + 300 } == true)
    }

    @Test func aPipelinedRequestIsAnsweredAfterTheStream() async throws {
        let producer = TestProducer(parts: ["one", "two"])
        try await withServer(router(producer)) { _, port in
            let client = try TestClient(port: port)
            try client.send("GET /stream HTTP/1.1\r\nHost: a\r\n\r\nGET /items/7 HTTP/1.1\r\nHost: a\r\n\r\n")
            _ = try client.readResponse()
            #expect(try client.readChunkedBody() == Array("onetwo".utf8))
            #expect(try client.readResponse().body == "\"7\"")
        }
    }

    @Test func aSlowReaderMakesTheServerPullOnlyAsPartsAreWritten() async throws {
        let size = 256 * 1_024, total = 256  // 64 MiB in all, far beyond the socket buffers
        let producer = TestProducer(parts: Array(repeating: String(repeating: "s", count: size), count: total))
        try await withServer(router(producer)) { _, port in
            // A long wait for each read: beside the whole suite on two cores, the server may not
            // be scheduled for seconds, and a read that times out would end the body early.
            let client = try TestClient(port: port, timeoutMilliseconds: 120_000)
            try client.send("GET /stream HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            _ = try client.readResponse()
            let read = try client.discard(atLeast: 1_048_576)
            // A blocking pause, not `Task.sleep`: beside the whole suite the cooperative pool can
            // be busy for longer than the write timeout, and a reader that stops for that long is
            // rightly closed by the server. No await from here to the end keeps this thread reading.
            usleep(300_000)
            // What the client has read, plus what the two sockets' buffers hold (a few MiB on
            // loopback), plus the part in hand: nowhere near the whole body.
            let pulled = producer.pulls.load(ordering: .relaxed)
            #expect(pulled * size <= 1_048_576 + 24 * 1_048_576, "pulled \(pulled) parts after 1 MiB was read")
            #expect(pulled < total)
            let rest = client.readToEnd()
            #expect(read + rest > total * size)  // every part, with its chunk framing
            #expect(producer.pulls.load(ordering: .relaxed) == total + 1)
        }
    }

    @Test func headSendsTheHeadOnlyAndNeverPulls() async throws {
        let producer = TestProducer(parts: ["never"])
        try await withServer(router(producer)) { _, port in
            let client = try TestClient(port: port)
            let head = try client.exchange("HEAD /stream HTTP/1.1\r\nHost: a\r\n\r\n", bodyless: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == nil)
            #expect(try client.exchange("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n").body == #"{"status":"ok"}"#)
            #expect(producer.pulls.load(ordering: .relaxed) == 0)
            #expect(producer.cancelled.load(ordering: .relaxed) == 1)
        }
    }

    @Test func anHTTP10ClientGetsTheBodyAsItComesThenAClose() async throws {
        let producer = TestProducer(parts: ["plain ", "bytes"])
        try await withServer(router(producer)) { _, port in
            let client = try TestClient(port: port)
            try client.send("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let head = try client.readResponse()
            #expect(head.header("Transfer-Encoding") == nil)
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Connection") == "close")
            #expect(client.readBytesToEnd() == Array("plain bytes".utf8))
        }
    }

    @Test func aProducerFailureClosesTheConnectionWithoutTheLastChunk() async throws {
        let producer = TestProducer(parts: ["partial"], fails: true)
        try await withServer(router(producer)) { server, port in
            let client = try TestClient(port: port)
            try client.send("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(String(decoding: client.readBytesToEnd(), as: UTF8.self) == "7\r\npartial\r\n")
            try await waitUntil { server.openConnectionCount == 0 }
        }
    }

    @Test func aClientThatGoesAwayStopsTheStream() async throws {
        let producer = TestProducer(endlessPartsOf: 65_536)
        try await withServer(router(producer)) { server, port in
            let client = try TestClient(port: port)
            try client.send("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n")
            _ = try client.readResponse()
            try client.discard(atLeast: 200_000)
            client.resetOnClose()
            client.close()
            try await waitUntil { server.openConnectionCount == 0 }
            #expect(producer.cancelled.load(ordering: .relaxed) == 1)
            let pulls = producer.pulls.load(ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(100))
            #expect(producer.pulls.load(ordering: .relaxed) == pulls)
        }
    }

    @Test func aStalledReaderIsClosedByTheWriteTimeoutAndTheStreamCancelled() async throws {
        let producer = TestProducer(endlessPartsOf: 1_048_576)
        try await withServer(router(producer), configure: { $0.writeTimeout = .milliseconds(300) }) { server, port in
            let client = try TestClient(port: port)
            try client.send("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n")
            try await waitUntil { producer.pulls.load(ordering: .relaxed) > 0 }
            try await waitUntil { server.openConnectionCount == 0 }
            #expect(producer.cancelled.load(ordering: .relaxed) == 1)
        }
    }
}
