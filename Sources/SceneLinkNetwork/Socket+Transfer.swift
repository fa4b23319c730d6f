#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Reads exactly `count` bytes before `deadline`.
    /// - Throws: `SocketError`: the peer's end of stream before `count` bytes (code 0), a read
    ///   error, or the deadline (`isTimeout`).
    public func read(exactly count: Int, before deadline: Deadline) throws(SocketError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var chunk = [UInt8](repeating: 0, count: max(1, count))
        while bytes.count < count {
            let wanted = count - bytes.count
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, wanted, 0) }
            if received > 0 {
                bytes += chunk[0 ..< received]
                continue
            }
            if received == 0 {
                throw SocketError(operation: "read \(count) bytes", code: 0, message: "the peer closed the connection after \(bytes.count)")
            }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw .system("read from a socket", errno: code) }
            try wait(for: Int16(POLLIN), before: deadline, "read from a socket")
        }
        return bytes
    }

    /// Reads what is there, at most `limit` bytes, waiting until `deadline` for the first;
    /// empty at the peer's end of stream.
    /// - Throws: `SocketError` for a read error or the deadline (`isTimeout`).
    public func read(upTo limit: Int, before deadline: Deadline) throws(SocketError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: max(1, limit))
        while true {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received >= 0 { return Array(chunk[0 ..< received]) }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw .system("read from a socket", errno: code) }
            try wait(for: Int16(POLLIN), before: deadline, "read from a socket")
        }
    }

    /// Writes all of `bytes` before `deadline` (never raising SIGPIPE).
    /// - Throws: `SocketError` for a write error (`EPIPE`, `ECONNRESET`) or the deadline.
    public func write(_ bytes: [UInt8], before deadline: Deadline) throws(SocketError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 {
                offset += sent
                continue
            }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw .system("write to a socket", errno: code) }
            try wait(for: Int16(POLLOUT), before: deadline, "write to a socket")
        }
    }

    /// Waits with `poll` until the socket reports `events` or something worse (an error or
    /// hang-up, which the next call reads), or `deadline` passes.
    private func wait(for events: Int16, before deadline: Deadline, _ operation: String) throws(SocketError) {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        let ready = poll(&entry, 1, deadline.pollTimeout)
        if ready == 0 { throw .deadlinePassed(operation) }
        if ready < 0 {
            let code = errno
            if code != EINTR { throw .system("wait to \(operation)", errno: code) }
        }
    }
}
