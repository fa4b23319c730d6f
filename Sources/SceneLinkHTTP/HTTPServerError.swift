import SceneLinkNetwork
/// Why an `HTTPServer` could not start.
public enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address could not be resolved or bound (taken port, unknown host, no permission).
    case cannotListen(host: String, port: Int, SocketError)
    /// `start()` was called on a server that is running or was shut down.
    case alreadyStarted
    /// The configuration holds a value that cannot work.
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .cannotListen(let host, let port, let error):
            return "Cannot listen on \(host):\(port): \(error)"
        case .alreadyStarted:
            return "The server was already started; create a new HTTPServer to start again."
        case .invalidConfiguration(let problem):
            return "The server configuration is invalid: \(problem)."
        }
    }
}
