import Foundation

/// `scenelink healthcheck`: asks a running server for `GET /healthz` over loopback and
/// reports whether it answered 200, so a container image needs no curl.
public enum HealthProbe {
    /// Connects to `host:port`, sends one request and waits at most `timeout` seconds.
    /// - Returns: nil when the server answered 200, else a sentence saying what failed.
    public static func check(host: String, port: Int, timeout: Int = 3) -> String? {
        let target = (host == "0.0.0.0" || host == "::" || host.isEmpty) ? "127.0.0.1" : host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(target, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return "cannot resolve \(target): \(String(cString: gai_strerror(status)))"
        }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { return "cannot open a socket: \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            return "no server at \(target):\(port): \(String(cString: strerror(errno)))"
        }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: \(target)\r\nConnection: close\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { return "could not send the request: \(String(cString: strerror(errno)))" }
        var buffer = [UInt8](repeating: 0, count: 512)
        let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard received > 0 else { return "the server at \(target):\(port) did not answer within \(timeout) s" }
        let statusLine = String(decoding: buffer[0..<received], as: UTF8.self).prefix { $0 != "\r" }
        return statusLine.hasPrefix("HTTP/1.1 200") ? nil : "the server answered \(statusLine)"
    }
}
