#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one socket file descriptor and closes it exactly once: on `close()` or in `deinit`.
/// The one socket type of SceneLink: the server's listener and connections, the webhook egress
/// guard's listener and tunnels, `scenelink healthcheck`.
///
/// Every socket it makes is non-blocking and close-on-exec. Calls that wait (`connect`,
/// `read(exactly:before:)`, `write(_:before:)`) wait with `poll` until a `Deadline`, so a
/// thread never blocks longer than its caller allows. The server closes a connection's
/// socket only from its Dispatch sources' cancel handlers, after the last source has stopped
/// watching the descriptor.
///
/// ```swift
/// let listener = try Socket.listen(host: "127.0.0.1", port: 0)
/// print(try listener.localPort())   // the port the kernel chose
/// ```
public final class Socket: @unchecked Sendable {
    // @unchecked: `fd` is written only by close(), which the owner calls once, on one queue or thread.

    /// The descriptor, or -1 once closed.
    public private(set) var fd: Int32

    /// Takes ownership of `fd`.
    public init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Closes the descriptor if it is still open. Later calls do nothing.
    public func close() {
        guard fd >= 0 else { return }
        // close() on Linux releases the descriptor even when it reports EINTR, so never retry.
        _ = Glibc.close(fd)
        fd = -1
    }

    /// Shuts down the sending side (a half-close: the peer reads end of stream, and may still send).
    /// - Throws: `SocketError` (`ENOTCONN` for a peer already gone).
    public func shutdownWrite() throws(SocketError) {
        guard Glibc.shutdown(fd, Int32(SHUT_WR)) == 0 else { throw .system("shut down a socket's sending side") }
    }

    /// A new non-blocking, close-on-exec TCP socket for `family`.
    static func makeStream(family: Int32, for what: String) throws(SocketError) -> Socket {
        let fd = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("create a socket for \(what)") }
        return Socket(fd: fd)
    }

    // MARK: - Options

    /// Sets TCP_NODELAY: responses are written whole, so Nagle's delay only adds latency.
    public func setNoDelay() throws(SocketError) {
        try setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1, "set TCP_NODELAY")
    }

    /// Sets an integer socket option; `what` names it in the error.
    public func setOption(_ level: Int32, _ name: Int32, _ value: Int32, _ what: String) throws(SocketError) {
        var value = value
        guard setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .system(what)
        }
    }

    /// The local port this socket is bound to.
    /// - Throws: `SocketError` when `getsockname` fails.
    public func localPort() throws(SocketError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { throw .system("read the bound address") }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            throw SocketError(operation: "read the bound address", code: 0, message: "the address family is not IP")
        }
    }
}
