import SceneLinkOperations
/// A `HOST:PORT` to listen on (`127.0.0.1:9090`, `[::1]:9090`, `localhost:9090`).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, an IPv6 host in brackets.
    /// - Throws: a sentence naming `flag` and what to write instead.
    public init(parsing text: String, flag: String) throws(ConfigurationError) {
        let problem = ConfigurationError("--\(flag) takes HOST:PORT such as 127.0.0.1:9090 or [::1]:9090, not '\(text)'.")
        guard let colon = text.lastIndex(of: ":") else { throw problem }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(" "), let port = Int(text[text.index(after: colon)...]),
              (0 ... 65_535).contains(port) else { throw problem }
        self.init(host: host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
