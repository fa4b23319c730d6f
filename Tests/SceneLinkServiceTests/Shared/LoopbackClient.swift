import Foundation

/// A blocking HTTP/1.1 client for tests: one request per connection (`Connection: close`),
/// read to the end, with a 30-second socket timeout so a bad server fails the test, not hangs it.
/// (Generous on purpose: Swift Testing runs synchronous tests on the concurrency pool, and the
/// HTTP server tests in the same process block there in `recv` for seconds at a time; on a
/// loaded 2-core machine that can hold up this server's own tasks for longer than 5 s.)
struct LoopbackClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int

    /// Sends one request. The blocking socket calls run on a thread of their own, never on the
    /// Swift concurrency pool or Dispatch's shared threads, which the servers of the tests running
    /// at the same time need while this one waits.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try sendBlocking(method, target, headers: headers, body: body) })
            }.start()
        }
    }

    func sendBlocking(_ method: String, _ target: String, headers: [String: String], body: [UInt8]) throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(String(cString: strerror(errno)))") }
        // `localhost`, a name the admin port answers (`AdminHostCheck`), unless the test sends its own Host.
        let host = headers.keys.contains { $0.lowercased() == "host" } ? "" : "Host: localhost\r\n"
        var head = "\(method) \(target) HTTP/1.1\r\n\(host)Connection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "PUT" || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        let request = Array((head + "\r\n").utf8) + body
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "recv: \(String(cString: strerror(errno)))") }
            received += buffer[0..<count]
        }
        return try parse(received)
    }

    private func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0...(max(0, bytes.count - 4))).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            throw Failure(description: "no complete response head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.count >= 12, let status = Int(statusLine.dropFirst(9).prefix(3)) else {
            throw Failure(description: "bad status line")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
