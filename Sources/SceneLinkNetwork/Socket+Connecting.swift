#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Connects to `address` and `port` before `deadline`.
    ///
    /// While the connection is pending, `watching` (another socket, such as the client a tunnel
    /// serves) is polled too: input or a hang-up on it ends the wait with `ECONNABORTED`, for a
    /// caller with nothing to hear from that socket before the connection is made.
    /// - Throws: `SocketError` with the connect's errno (`ECONNREFUSED`, `EHOSTUNREACH`, …), or
    ///   `ETIMEDOUT` when the deadline passes first (`isTimeout`).
    public static func connect(to address: IPAddress, port: Int, before deadline: Deadline,
                               watching other: Socket? = nil) throws(SocketError) -> Socket {
        let operation = "connect to \(address) port \(port)"
        guard let port = UInt16(exactly: port) else {
            throw SocketError(operation: operation, code: 0, message: "the port must be between 0 and 65535")
        }
        let socket = try makeStream(family: address.family, for: "\(address)")  // closes its fd on every failure below
        let fd = socket.fd
        let code = address.withSocketAddress(port: port) { Glibc.connect(fd, $0, $1) == 0 ? 0 : errno }
        if code == 0 { return socket }
        guard code == EINPROGRESS else { throw .system(operation, errno: code) }
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: other?.fd ?? -1, events: Int16(POLLIN), revents: 0)]  // poll skips a negative fd
            let ready = poll(&fds, 2, deadline.pollTimeout)
            if ready < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .system("wait for a connection to \(address) port \(port)", errno: code)
            }
            if ready == 0 { throw .deadlinePassed(operation) }
            if fds[1].revents != 0 {
                throw SocketError(operation: operation, code: ECONNABORTED, message: "the watched socket had input or hung up first")
            }
            if fds[0].revents != 0 { break }
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { throw .system("read the outcome of \(operation)") }
        guard error == 0 else { throw .system(operation, errno: error) }
        return socket
    }
}
