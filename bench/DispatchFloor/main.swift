import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The floor for SceneLink's design, measured beside it: the same Dispatch structure (one
/// read source per connection on one serial queue per core, TCP_NODELAY, one `send` per
/// response) with no HTTP at all. Each read is answered with the same fixed `/healthz`-sized
/// response, so it is only correct for one request per read, as wrk sends them.
///
/// Usage: `DispatchFloor PORT` (listens on 127.0.0.1). `bench/floor.sh` runs it beside
/// SceneLink and nginx.
@main
enum DispatchFloor {
    static let response: [UInt8] = Array(("HTTP/1.1 200 OK\r\nServer: DispatchFloor\r\n"
        + "Date: Sat, 21 Nov 2026 22:00:00 GMT\r\nContent-Type: application/json\r\n"
        + "Content-Length: 15\r\n\r\n{\"status\":\"ok\"}").utf8)

    /// One connection's descriptor and receive buffer; touched only on its queue.
    final class Connection: @unchecked Sendable {
        let fd: Int32
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        var source: DispatchSourceRead?

        init(fd: Int32) { self.fd = fd }
        deinit { buffer.deallocate() }

        func readable() {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 {
                let sent = DispatchFloor.response.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent < 0, errno != EAGAIN { source?.cancel() }
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                source?.cancel()
            }
        }
    }

    /// Accepts on its own queue and spreads connections over the I/O queues.
    final class Listener: @unchecked Sendable {
        let fd: Int32
        let queues = (0..<max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))).map { DispatchQueue(label: "floor.io.\($0)") }
        var next = 0
        var connections: [Int32: Connection] = [:]
        let lock = DispatchQueue(label: "floor.connections")

        var source: DispatchSourceRead?

        init(fd: Int32) { self.fd = fd }

        /// Handlers are made here, outside `main`: a closure made in `main` would be isolated
        /// to the main actor, and Swift 6 traps when a Dispatch queue runs it.
        func start() {
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "floor.accept"))
            source.setEventHandler { self.acceptAll() }
            self.source = source
            source.resume()
        }

        func acceptAll() {
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                var one: Int32 = 1
                guard fcntl(client, F_SETFL, O_NONBLOCK) == 0,
                      setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                    close(client)
                    continue
                }
                let connection = Connection(fd: client)
                let source = DispatchSource.makeReadSource(fileDescriptor: client, queue: queues[next % queues.count])
                next += 1
                connection.source = source
                lock.sync { connections[client] = connection }
                source.setEventHandler { connection.readable() }
                source.setCancelHandler { [self] in
                    close(client)
                    lock.sync { connections[client] = nil }
                }
                source.resume()
            }
        }
    }

    /// Writes `message` to standard error and exits.
    static func fail(_ message: String, code: Int32) -> Never {
        var line = message + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        exit(code)
    }

    static func main() {
        guard CommandLine.arguments.count == 2, let port = UInt16(CommandLine.arguments[1]) else {
            fail("usage: DispatchFloor PORT", code: 2)
        }
        signal(SIGPIPE, SIG_IGN)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0,
              bound == 0, listen(fd, 1024) == 0, fcntl(fd, F_SETFL, O_NONBLOCK) == 0 else {
            fail("DispatchFloor: cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))", code: 1)
        }
        let listener = Listener(fd: fd)
        listener.start()
        withExtendedLifetime(listener) { dispatchMain() }
    }
}
