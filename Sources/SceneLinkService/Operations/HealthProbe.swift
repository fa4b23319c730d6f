import SceneLinkNetwork

/// `scenelink healthcheck`: asks a running server for `GET /healthz` over loopback and
/// reports whether it answered 200, so a container image needs no curl.
public enum HealthProbe {
    /// Connects to `host:port`, sends one request and waits at most `timeout` seconds in all.
    /// - Returns: nil when the server answered 200, else a sentence saying what failed.
    public static func check(host: String, port: Int, timeout: Int = 3, resolver: any HostResolver = SystemHostResolver()) -> String? {
        let target = (host == "0.0.0.0" || host == "::" || host.isEmpty) ? "127.0.0.1" : host
        let deadline = Deadline.after(.seconds(timeout))
        let address: IPAddress
        do throws(SocketError) {
            guard let first = try resolver.addresses(of: target).first else { return "cannot resolve \(target): no address" }
            address = first
        } catch {
            return "cannot resolve \(target): \(error.message)"
        }
        let socket: Socket
        do throws(SocketError) {
            socket = try Socket.connect(to: address, port: port, before: deadline)
        } catch {
            return "no server at \(target):\(port): \(error.isTimeout ? "no answer within \(timeout) s" : error.message)"
        }
        defer { socket.close() }
        do throws(SocketError) {
            try socket.write(Array("GET /healthz HTTP/1.1\r\nHost: \(target)\r\nConnection: close\r\n\r\n".utf8), before: deadline)
        } catch {
            return "could not send the request: \(error.message)"
        }
        let answer: [UInt8]
        do throws(SocketError) {
            answer = try socket.read(upTo: 512, before: deadline)
        } catch {
            return "the server at \(target):\(port) did not answer within \(timeout) s"
        }
        guard !answer.isEmpty else { return "the server at \(target):\(port) did not answer within \(timeout) s" }
        // The status line ends at the first CR byte (as a Swift Character, "\r\n" is one, not a "\r").
        let statusLine = String(decoding: answer.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        return statusLine.hasPrefix("HTTP/1.1 200") ? nil : "the server answered \(statusLine)"
    }
}
