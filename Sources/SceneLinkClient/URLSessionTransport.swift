import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport an app uses: one `URLSession` request per call.
///
/// The default session is ephemeral with no cache, so a conditional answer (`304`, `412`)
/// always comes from the server, never from a local cache, and cookies are not kept.
///
/// ```swift
/// let client = SceneLinkClient(baseURL: server, transport: URLSessionTransport())
/// ```
public struct URLSessionTransport: SceneLinkTransport {
    /// The session requests go through.
    public let session: URLSession

    /// - Parameter session: the session to use; by default `sharedSession`, an ephemeral one
    ///   without a cache and with a 30-second request timeout, shared by every client.
    public init(session: URLSession = URLSessionTransport.sharedSession) {
        self.session = session
    }

    /// The session of `URLSessionTransport()`: made once, so clients made one after another
    /// share its connections instead of each leaving a session behind.
    public static let sharedSession = makeDefaultSession()

    /// An ephemeral session without a URL cache or cookies, 30-second request timeout.
    public static func makeDefaultSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }

    /// Sends the request once; maps `URLError` to `TransportError`.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw TransportError(Self.kind(of: error.code), error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError(.other, "The answer is not an HTTP response.")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers[name.lowercased()] = value
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// Failures where no connection was made, so the server cannot have seen the request.
    static func kind(of code: URLError.Code) -> TransportError.Kind {
        switch code {
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            .couldNotConnect
        case .timedOut:
            .timedOut
        default:
            .other
        }
    }
}
