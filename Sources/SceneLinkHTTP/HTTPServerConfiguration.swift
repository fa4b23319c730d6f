import SceneLinkNetwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything an `HTTPServer` can be told, with defaults a production deployment can keep.
///
/// These defaults are the only place the HTTP layer's numbers are written: `scenelink serve`
/// shows them in `--help` and applies them when no flag says otherwise.
///
/// ```swift
/// var configuration = HTTPServerConfiguration(host: "0.0.0.0", port: 8080)
/// configuration.limits.maxBodyBytes = 64 * 1024
/// ```
public struct HTTPServerConfiguration: Sendable, Equatable {
    /// Address to listen on: `127.0.0.1`, `0.0.0.0`, `::1`, `::` (IPv6 and IPv4) or a name like `localhost`.
    public var host: String
    /// TCP port; 0 lets the kernel choose (`HTTPServer.start()` returns it).
    public var port: Int
    /// The `Server` header value.
    public var serverName: String

    /// Request line, header section and body sizes; a route may only lower the body limit.
    public var limits = HTTPRequestDecoder.Limits()

    /// Time allowed from the first byte of a request (or from connecting) to the end of its
    /// head; guards against slowloris clients. Expiry answers 408 and closes.
    public var headerReadTimeout: Duration = .seconds(10)
    /// Time allowed to receive a request body once its head arrived. Expiry answers 408 and closes.
    public var bodyReadTimeout: Duration = .seconds(30)
    /// How long a persistent connection may sit idle between requests before it is closed.
    public var keepAliveIdleTimeout: Duration = .seconds(75)
    /// How long a response may wait for a client that does not read, once the kernel's send
    /// buffer for the socket is full (it grows to several MiB), before the connection closes.
    /// Bytes the kernel has already taken are not timed; the other timeouts still bound the
    /// connection.
    public var writeTimeout: Duration = .seconds(30)
    /// How long a handler may take to respond. Expiry answers 503 and closes the connection;
    /// the handler's late response is dropped. Without it, a handler that never answered would
    /// hold its connection (and descriptor) for good.
    public var handlerTimeout: Duration = .seconds(60)
    /// How long `shutdown` lets in-flight requests finish before closing their connections.
    public var drainTimeout: Duration = .seconds(10)

    /// The proxies whose `X-Forwarded-For` / `Forwarded` (and `X-Forwarded-Proto`/`-Host`)
    /// are believed; none by default, so every request's client is its peer.
    public var trustedProxies = HTTPTrustedProxies()

    /// Requests served on one connection before the server answers with `Connection: close`.
    public var maxRequestsPerConnection: Int = 100_000
    /// Open connections beyond which new ones are answered 503 and closed at once.
    public var maxConnections: Int = 16_384
    /// Serial queues that run connections; each connection stays on one. 0 means one per core.
    public var ioQueueCount = 0
    /// The kernel's queue of connections not yet accepted.
    public var listenBacklog: Int32 = 4_096
    /// Whether `start()` raises the process's soft descriptor limit to the hard limit, so
    /// `maxConnections` is reachable without `ulimit -n`.
    public var raisesDescriptorLimit = true

    public init(host: String = "127.0.0.1", port: Int = 8080, serverName: String = "SceneLink/0.1.0") {
        self.host = host
        self.port = port
        self.serverName = serverName
    }

    /// The I/O queues to start: `ioQueueCount`, or one per online processor when it is 0.
    var effectiveIOQueueCount: Int {
        ioQueueCount > 0 ? ioQueueCount : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
