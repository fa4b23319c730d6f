import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneLinkHTTP

/// A response as the test client read it.
struct TestResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: String

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

struct TestClientError: Error, CustomStringConvertible {
    let description: String
    /// The errno of the failed call, read right after it (0 when no call failed).
    var code: Int32 = 0
}

/// A tiny blocking HTTP/1.1 client over a real socket, with a receive timeout so a
/// misbehaving server fails the test instead of hanging it.
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1", timeoutMilliseconds: Int = 3_000) throws {
        let isIPv6 = host.contains(":")
        fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            isOpen = false
            throw TestClientError(description: "socket failed")
        }
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1_000, tv_usec: (timeoutMilliseconds % 1_000) * 1_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let status: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard status == 0 else {
            // close() marks the client closed, so deinit (which runs for a class whose
            // initializer throws) does not close the number again: it may be reused by then.
            close()
            throw TestClientError(description: "connect to \(host):\(port) failed: errno \(errno)")
        }
    }

    private var isOpen = true

    deinit { close() }

    /// Closes the client's socket (once).
    func close() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(fd)
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw TestClientError(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Sends each byte in its own segment (TCP_NODELAY keeps them apart on the wire).
    func sendSlowly(_ text: String) throws {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        for byte in text.utf8 {
            try send([byte])
            usleep(200)
        }
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Makes the coming close() an abortive one (RST), as a crashing client's would be.
    func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Reads more bytes into the buffer; false at EOF.
    private func fill() throws(TestClientError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0 ..< count])
            return true
        }
        if count == 0 { return false }
        let code = errno
        throw TestClientError(description: "recv failed: errno \(code) (\(code == EAGAIN ? "timed out" : "error"))", code: code)
    }

    /// Reads one response. `bodyless`: the request was HEAD, so ignore Content-Length.
    func readResponse(bodyless: Bool = false) throws -> TestResponse {
        var headEnd: Int?
        while true {
            if let range = findHeadEnd() { headEnd = range; break }
            guard try fill() else { throw TestClientError(description: "connection closed before a response head") }
        }
        guard let headEnd else { throw TestClientError(description: "no head") }
        let head = String(decoding: buffer[0 ..< headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw TestClientError(description: "bad status line \(statusLine)")
        }
        let headers = lines.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), String(line[colon...].dropFirst().drop { $0 == " " }))
        }
        var response = TestResponse(status: status, headers: headers.map { (name: $0.0, value: $0.1) }, body: "")
        let length = bodyless || status < 200 || status == 204 || status == 304
            ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
            guard try fill() else { throw TestClientError(description: "connection closed inside a body") }
        }
        response.body = String(decoding: buffer[0 ..< length], as: UTF8.self)
        buffer.removeFirst(length)
        return response
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0 ... buffer.count - 4
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Reads a chunked body (RFC 9112 §7.1) that follows a head `readResponse` read, checking its
    /// framing strictly: hex sizes without extensions, CRLF after each chunk's data, and the last
    /// chunk with an empty trailer section.
    func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        var offset = 0
        func line() throws -> String {
            while true {
                if buffer.count - offset >= 2, let end = (offset ..< buffer.count - 1).first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                    let text = String(decoding: buffer[offset ..< end], as: UTF8.self)
                    offset = end + 2
                    return text
                }
                guard try fill() else { throw TestClientError(description: "connection closed inside a chunked body") }
            }
        }
        while true {
            let sizeLine = try line()
            guard let size = Int(sizeLine, radix: 16), size >= 0 else { throw TestClientError(description: "bad chunk size \(sizeLine)") }
            if size == 0 {
                guard try line().isEmpty else { throw TestClientError(description: "trailer fields after the last chunk") }
                buffer.removeFirst(offset)
                return body
            }
            while buffer.count - offset < size + 2 {
                guard try fill() else { throw TestClientError(description: "connection closed inside a chunk") }
            }
            body.append(contentsOf: buffer[offset ..< offset + size])
            guard buffer[offset + size] == 13, buffer[offset + size + 1] == 10 else {
                throw TestClientError(description: "chunk data not followed by CRLF")
            }
            offset += size + 2
        }
    }

    /// Reads exactly `count` bytes after the last response read (fewer if the connection ends).
    func readBytesAfterHead(count: Int) -> [UInt8] {
        while buffer.count < count, (try? fill()) == true {}
        let bytes = Array(buffer.prefix(count))
        buffer.removeFirst(bytes.count)
        return bytes
    }

    /// Reads (and forgets) until at least `count` bytes have arrived after the last response read.
    @discardableResult
    func discard(atLeast count: Int) throws -> Int {
        var seen = buffer.count
        buffer = []
        while seen < count {
            guard try fill() else { throw TestClientError(description: "connection closed after \(seen) bytes") }
            seen += buffer.count
            buffer = []
        }
        return seen
    }

    /// Reads until EOF or an error; returns the bytes that arrived.
    func readBytesToEnd() -> [UInt8] {
        while (try? fill()) == true {}
        defer { buffer = [] }
        return buffer
    }

    /// Reads until EOF or an error; returns how many bytes arrived in all.
    func readToEnd() -> Int {
        while (try? fill()) == true {}
        defer { buffer = [] }
        return buffer.count
    }

    /// Whether the server closes the connection (EOF, or a reset) with no further bytes.
    func isClosedByServer() -> Bool { serverClosure() == nil }

    /// Nil when the server closes the connection (EOF, or a reset) with no further bytes;
    /// otherwise what happened instead, for a test's failure message.
    func serverClosure() -> String? {
        if buffer.isEmpty {
            do throws(TestClientError) {
                guard try fill() else { return nil }
            } catch {
                return error.code == ECONNRESET ? nil : error.description
            }
        }
        return "\(buffer.count) bytes arrived: \(String(decoding: buffer.prefix(200), as: UTF8.self))"
    }

    /// One request, one response.
    func exchange(_ text: String, bodyless: Bool = false) throws -> TestResponse {
        try send(text)
        return try readResponse(bodyless: bodyless)
    }
}

/// Starts a server on port 0 with `configure` applied, runs `body`, and shuts it down.
func withServer(_ router: HTTPRouter = testRouter(),
                configure: (inout HTTPServerConfiguration) -> Void = { _ in },
                onRequestCompleted: (@Sendable (HTTPAccessRecord) -> Void)? = nil,
                _ body: (HTTPServer, Int) async throws -> Void) async throws {
    var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
    configuration.ioQueueCount = 2
    configuration.drainTimeout = .seconds(2)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, router: router, onRequestCompleted: onRequestCompleted)
    let port = try server.start()
    do {
        try await body(server, port)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}

/// Routes most server tests use.
func testRouter() -> HTTPRouter {
    var router = HTTPRouter()
    router.on(.get, "/healthz") { _, responder in responder.respond(.json(#"{"status":"ok"}"#)) }
    router.on(.post, "/echo") { request, responder in
        responder.respond(HTTPResponse(contentType: "text/plain", body: request.body))
    }
    router.on(.post, "/small", maxBodyBytes: 8) { request, responder in
        responder.respond(HTTPResponse(contentType: "text/plain", body: request.body))
    }
    router.on(.get, "/items/{id}") { request, responder in
        responder.respond(.json("\"\(request.pathParameters["id"] ?? "")\""))
    }
    router.on(.delete, "/items/{id}") { _, responder in responder.respond(HTTPResponse(status: .noContent)) }
    router.on(.get, "/later") { _, responder in
        // Responds from another thread after a while, as a database-backed handler would.
        Thread.detachNewThread { usleep(100_000); responder.respond(.json("\"late\"")) }
    }
    return router
}

/// Sockets this process holds on the server side of `port` (excluding the listener):
/// each entry of /proc/self/fd that is a socket whose TCP entry has local port `port`.
func serverSideSocketCount(port: Int) -> Int {
    var inodes = Set<String>()
    if let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
        for name in names {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
               target.hasPrefix("socket:[") {
                inodes.insert(String(target.dropFirst(8).dropLast()))
            }
        }
    }
    var count = 0
    let portHex = String(format: "%04X", port)
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        // procfs files report size 0, so read them to the end rather than by their size.
        guard let data = FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() else { continue }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9 else { continue }
            let local = fields[1], state = fields[3], inode = String(fields[9])
            if local.hasSuffix(":" + portHex), state != "0A", inodes.contains(inode) { count += 1 }
        }
    }
    return count
}

/// The event descriptors this process has open (eventfds, timers, epoll sets, pipes): what a
/// connection's Dispatch sources would leave behind. Sockets are left out (`serverSideSocketCount`
/// counts this server's exactly), and so are files: the database files of the store suites running
/// beside this one come and go by the hundred and say nothing about the server.
func openEventDescriptorCount() -> Int {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return -1 }
    return names.filter { name in
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)
        return target.map { $0.hasPrefix("anon_inode:") || $0.hasPrefix("pipe:[") } ?? false
    }.count
}
