import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection for tests, every read bounded by a 5-second receive timeout.
final class TestConnection {
    let fd: Int32

    init(fd: Int32) {
        self.fd = fd
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Connects to 127.0.0.1 at `port`.
    convenience init(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSocketError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw TestSocketError("connect to port \(port): errno \(errno)")
        }
        self.init(fd: fd)
    }

    deinit { close(fd) }

    func write(_ bytes: [UInt8]) throws {
        guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw TestSocketError("send: errno \(errno)") }
    }

    /// Reads up to `count` bytes, waiting for all of them; fewer when the peer closes first.
    func read(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(count, 1))
        while bytes.count < count {
            let received = recv(fd, &chunk, count - bytes.count, 0)
            guard received > 0 else { break }
            bytes += chunk[0..<received]
        }
        return bytes
    }

    /// Whatever arrives until the peer closes or goes quiet for the receive timeout.
    func readUntilClosed() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let received = recv(fd, &chunk, chunk.count, 0)
            guard received > 0 else { return bytes }
            bytes += chunk[0..<received]
        }
    }
}
