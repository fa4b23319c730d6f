#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Opens a listening TCP socket on `host` and `port`.
    ///
    /// `host` is a numeric IPv4 or IPv6 address (`127.0.0.1`, `0.0.0.0`, `::1`, `::`) or a
    /// name such as `localhost`, which `resolver` resolves; each address is tried in turn. `::`
    /// also accepts IPv4 (dual stack). `SO_REUSEADDR` is set so a restarted server can bind at once.
    /// - Parameters:
    ///   - port: 0 lets the kernel choose; read it back with `localPort()`.
    ///   - backlog: the kernel's queue of not yet accepted connections.
    /// - Throws: `SocketError` naming the host, port and system message.
    public static func listen(host: String, port: Int, backlog: Int32 = 1_024,
                              resolver: any HostResolver = SystemHostResolver()) throws(SocketError) -> Socket {
        guard let port = UInt16(exactly: port) else {
            throw SocketError(operation: "listen on \(host):\(port)", code: 0, message: "the port must be between 0 and 65535")
        }
        var lastError = SocketError(operation: "listen on \(host):\(port)", code: 0, message: "no address to bind")
        for address in try resolver.addresses(of: host) {
            do {
                return try bindAndListen(address, port: port, host: host, backlog: backlog)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    private static func bindAndListen(_ address: IPAddress, port: UInt16, host: String, backlog: Int32) throws(SocketError) -> Socket {
        let socket = try makeStream(family: address.family, for: host)  // closes its fd on every failure path below
        try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, "set SO_REUSEADDR")
        if !address.isIPv4 {
            // "::" should serve IPv4 too; a specific IPv6 address is unaffected.
            try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0, "clear IPV6_V6ONLY")
        }
        let fd = socket.fd
        let code = address.withSocketAddress(port: port) { bind(fd, $0, $1) == 0 ? 0 : errno }
        guard code == 0 else { throw .system("bind to \(host):\(port)", errno: code) }
        guard Glibc.listen(fd, backlog) == 0 else { throw .system("listen on \(host):\(port)") }
        return socket
    }

    /// The outcome of one `accept` call.
    public enum AcceptResult {
        /// A connection and its peer's address (`.unspecified` for a family other than IP).
        case accepted(Socket, peer: IPAddress)
        /// Nothing is waiting (EAGAIN).
        case wouldBlock
        /// Interrupted, or the client gave up before it was accepted: try again.
        case retry
        /// The process or system is out of descriptors or memory (EMFILE, ENFILE, ENOBUFS, ENOMEM).
        case outOfDescriptors
        case failed(SocketError)
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket.
    public func accept() -> AcceptResult {
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
            guard fcntl(client, F_SETFD, FD_CLOEXEC) == 0 else { return .failed(.system("make an accepted socket close-on-exec")) }
            let peer = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { IPAddress(socketAddress: $0) }
            }
            return .accepted(socket, peer: peer ?? .unspecified)
        }
        let code = errno
        switch code {
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case EINTR, ECONNABORTED, EPROTO, EPERM: return .retry
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
        default: return .failed(.system("accept a connection", errno: code))
        }
    }
}
