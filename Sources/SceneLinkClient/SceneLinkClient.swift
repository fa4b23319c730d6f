import Foundation

/// A SceneLink server, seen from an app: sessions, saved scene state and deep links.
///
/// A value type: copy it freely, share it between tasks. Calls that touch stored state use
/// `session`; set it to what `openSession()` returned (or to credentials kept in the
/// Keychain). Every call is `async` and throws a `SceneLinkError` that says what to do.
/// Requests that are safe to repeat are retried by `retryPolicy`.
///
/// ```swift
/// var client = SceneLinkClient(baseURL: URL(string: "https://scenelink.example.com")!)
/// client.session = try await client.openSession()
/// let etag = try await client.save(Data(#"["FuelMoney.HomePath","1"]"#.utf8), scene: "main", key: "path",
///                                  contentType: "application/json")
/// let restored = try await client.restore(scene: "main", key: "path", repair: true)
/// let resolution = try await client.resolve(URL(string: "fuelmoney://settings/account")!)
/// ```
public struct SceneLinkClient: Sendable {
    /// The server's address, such as `https://scenelink.example.com`; API paths (`v1/...`) are
    /// appended to it, so it may carry a path prefix of its own.
    public var baseURL: URL
    /// The session value calls use; nil until the app opens one or restores one from the Keychain.
    public var session: SceneLinkSession?
    /// What is retried and how long to wait in between.
    public var retryPolicy: RetryPolicy
    /// Sends the requests.
    public let transport: any SceneLinkTransport

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: the server, such as `https://scenelink.example.com`.
    ///   - session: credentials from an earlier `openSession()`, or nil.
    ///   - transport: sends the requests; `URLSessionTransport()` unless a test injects another.
    ///   - retryPolicy: what is retried; `.standard` unless told otherwise.
    public init(baseURL: URL, session: SceneLinkSession? = nil, transport: any SceneLinkTransport = URLSessionTransport(),
                retryPolicy: RetryPolicy = .standard) {
        self.baseURL = baseURL
        self.session = session
        self.transport = transport
        self.retryPolicy = retryPolicy
    }
}
