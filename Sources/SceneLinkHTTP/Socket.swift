#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one socket file descriptor and closes it exactly once: on `close()` or in `deinit`.
///
/// All sockets it makes are non-blocking and close-on-exec. The server closes a
/// connection's socket only from its Dispatch sources' cancel handlers, after the last
/// source has stopped watching the descriptor.
///
/// ```swift
/// let listener = try Socket.listen(host: "127.0.0.1", port: 0)
/// print(try listener.localPort())   // the port the kernel chose
/// ```
final class Socket: @unchecked Sendable {
    // @unchecked: `fd` is written only by close(), which the owner calls once, on one queue.

    /// The descriptor, or -1 once closed.
    private(set) var fd: Int32

    /// Takes ownership of `fd`.
    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Closes the descriptor if it is still open. Later calls do nothing.
    func close() {
        guard fd >= 0 else { return }
        // close() on Linux releases the descriptor even when it reports EINTR, so never retry.
        _ = Glibc.close(fd)
        fd = -1
    }

    // MARK: - Listening

    /// Opens a listening TCP socket on `host` and `port`.
    ///
    /// `host` is a numeric IPv4 or IPv6 address (`127.0.0.1`, `0.0.0.0`, `::1`, `::`) or a
    /// name such as `localhost`; each resolved address is tried in turn. `::` also accepts
    /// IPv4 (dual stack). `SO_REUSEADDR` is set so a restarted server can bind at once.
    /// - Parameters:
    ///   - port: 0 lets the kernel choose; read it back with `localPort()`.
    ///   - backlog: the kernel's queue of not yet accepted connections.
    /// - Throws: `SocketError` naming the host, port and system message.
    static func listen(host: String, port: Int, backlog: Int32 = 1_024) throws(SocketError) -> Socket {
        guard (0 ... 65_535).contains(port) else {
            throw SocketError(operation: "listen on \(host):\(port)", code: 0,
                              message: "the port must be between 0 and 65535")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SocketError(operation: "resolve host \(host)", code: 0, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var lastError = SocketError(operation: "listen on \(host):\(port)", code: 0, message: "no address to bind")
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            do {
                return try bindAndListen(info.pointee, host: host, port: port, backlog: backlog)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    private static func bindAndListen(_ info: addrinfo, host: String, port: Int, backlog: Int32) throws(SocketError) -> Socket {
        let fd = Glibc.socket(info.ai_family, info.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
        guard fd >= 0 else { throw .system("create a socket for \(host)") }
        let socket = Socket(fd: fd)  // closes fd on every failure path below
        try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, "set SO_REUSEADDR")
        if info.ai_family == AF_INET6 {
            // "::" should serve IPv4 too; a specific IPv6 address is unaffected.
            try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0, "clear IPV6_V6ONLY")
        }
        guard bind(fd, info.ai_addr, info.ai_addrlen) == 0 else {
            throw .system("bind to \(host):\(port)")
        }
        guard Glibc.listen(fd, backlog) == 0 else { throw .system("listen on \(host):\(port)") }
        return socket
    }

    /// The local port this socket is bound to.
    /// - Throws: `SocketError` when `getsockname` fails.
    func localPort() throws(SocketError) -> Int {
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

    // MARK: - Accepting

    /// The outcome of one `accept` call.
    enum AcceptResult {
        /// A connection and its peer's address (`.unspecified` for a family other than IP).
        case accepted(Socket, peer: HTTPClientAddress)
        /// Nothing is waiting (EAGAIN), or the client gave up before we accepted it.
        case wouldBlock
        case retry
        /// The process or system is out of descriptors (EMFILE / ENFILE).
        case outOfDescriptors
        case failed(SocketError)
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket.
    func accept() -> AcceptResult {
        // accept4 is hidden behind _GNU_SOURCE in Swift's Glibc module, so set the flags after.
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(fd, $0, &length) }
        }
        if client >= 0 {
            let socket = Socket(fd: client)
            let flags = fcntl(client, F_GETFL)
            guard flags >= 0, fcntl(client, F_SETFL, flags | O_NONBLOCK) == 0 else {
                return .failed(.system("make an accepted socket non-blocking"))
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)  // hygiene only: the server never execs
            return .accepted(socket, peer: HTTPClientAddress(socketAddress: address) ?? .unspecified)
        }
        let code = errno
        switch code {
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case EINTR, ECONNABORTED, EPROTO, EPERM: return .retry
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
        default: return .failed(.system("accept a connection", errno: code))
        }
    }

    // MARK: - Options

    /// Sets TCP_NODELAY: responses are written whole, so Nagle's delay only adds latency.
    func setNoDelay() throws(SocketError) {
        try setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1, "set TCP_NODELAY")
    }

    func setOption(_ level: Int32, _ name: Int32, _ value: Int32, _ what: String) throws(SocketError) {
        var value = value
        guard setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .system(what)
        }
    }
}
