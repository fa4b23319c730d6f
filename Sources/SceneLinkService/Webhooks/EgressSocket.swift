import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One non-blocking TCP socket of the egress guard, owned: closed once, on `close()` or in
/// `deinit`. Reads and writes wait with `poll` until a deadline, so a tunnel's thread never
/// blocks longer than its timeout.
final class EgressSocket: @unchecked Sendable {
    // @unchecked: a socket is used by the one thread that serves its tunnel (or, for the
    // listener, by the guard's queue), and `fd` is written only by close().

    /// Why a socket operation ended a tunnel.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The SOCKS5 reply that reports it, when it happens before the tunnel is up.
        var reply: SOCKS5Reply = .generalFailure
    }

    private(set) var fd: Int32

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)  // released even on EINTR: never retried
        fd = -1
    }

    /// Makes the descriptor non-blocking and close-on-exec.
    func makeNonBlocking() throws(Failure) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw Self.system("make a socket non-blocking") }
        guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else { throw Self.system("set close-on-exec") }
    }

    /// Connects to `address` and `port` before `deadline`, giving up early when `client` sends
    /// or hangs up while the connection is pending (it has nothing to say before the reply).
    static func connect(to address: IPAddress, port: Int, deadline: Date, watching client: EgressSocket) throws(Failure) -> EgressSocket {
        let family = if case .v4 = address { AF_INET } else { AF_INET6 }
        let fd = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw system("create a socket") }
        let socket = EgressSocket(fd: fd)  // closes fd on every failure below
        let status = address.withSocketAddress(port: port) { Glibc.connect(fd, $0, $1) }
        guard let status else { throw Failure(description: "The address \(address.text) is malformed.") }
        if status == 0 { return socket }
        guard errno == EINPROGRESS else { throw connectFailure(address, port, errno) }
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0), pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, milliseconds(until: deadline))
            if ready < 0 {
                if errno == EINTR { continue }
                throw system("wait for a connection")
            }
            if ready == 0 {
                throw Failure(description: "\(address.text) port \(port) did not accept a connection in time.", reply: .timedOut)
            }
            // Nothing is due from the client before the reply: input or a hang-up means it left.
            if fds[1].revents != 0 { throw Failure(description: "The client left before the connection was made.") }
            if fds[0].revents != 0 { break }
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { throw system("read a connection's outcome") }
        guard error == 0 else { throw connectFailure(address, port, error) }
        return socket
    }

    /// Reads exactly `count` bytes before `deadline`.
    func read(exactly count: Int, before deadline: Date) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var chunk = [UInt8](repeating: 0, count: count)
        while bytes.count < count {
            let wanted = count - bytes.count
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, wanted, 0) }
            if received > 0 {
                bytes += chunk[0..<received]
            } else if received == 0 {
                throw Failure(description: "The client closed the connection mid-request.")
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLIN), before: deadline)
            } else {
                throw Self.system("read from the client")
            }
        }
        return bytes
    }

    /// Writes all of `bytes` before `deadline`.
    func write(_ bytes: [UInt8], before deadline: Date) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLOUT), before: deadline)
            } else {
                throw Self.system("write to the client")
            }
        }
    }

    private func wait(for events: Int16, before deadline: Date) throws(Failure) {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        let ready = poll(&entry, 1, Self.milliseconds(until: deadline))
        if ready == 0 { throw Failure(description: "The client was too slow.") }
        if ready < 0 && errno != EINTR { throw Self.system("wait for the client") }
    }

    /// Milliseconds left before `deadline` for `poll`, at least 0.
    static func milliseconds(until deadline: Date) -> Int32 {
        Int32(clamping: max(0, Int(deadline.timeIntervalSinceNow * 1000)))
    }

    static func system(_ operation: String, errno code: Int32 = errno) -> Failure {
        Failure(description: "Could not \(operation): \(String(cString: strerror(code))) (errno \(code)).")
    }

    private static func connectFailure(_ address: IPAddress, _ port: Int, _ code: Int32) -> Failure {
        let reply: SOCKS5Reply = switch code {
        case ECONNREFUSED: .connectionRefused
        case ETIMEDOUT: .timedOut
        case EHOSTUNREACH, ENETUNREACH: .hostUnreachable
        default: .generalFailure
        }
        return Failure(description: "Connecting to \(address.text) port \(port) failed: \(String(cString: strerror(code))).", reply: reply)
    }
}
