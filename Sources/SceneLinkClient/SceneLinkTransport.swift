import Foundation

/// Sends one HTTP request and returns the answer: the seam between `SceneLinkClient` and the network.
///
/// `URLSessionTransport` is the one an app uses. Tests inject their own to script answers
/// (a `503`, a dropped connection) without a server.
///
/// A transport sends exactly one request per call and never retries: `SceneLinkClient` decides
/// what is retried, by its `RetryPolicy`. Any status code is an answer, not an error; throw only
/// when no answer arrived (throw `TransportError` to say whether the request could have reached
/// the server).
///
/// ```swift
/// struct Offline: SceneLinkTransport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         throw TransportError(.couldNotConnect, "The device is offline.")
///     }
/// }
/// ```
public protocol SceneLinkTransport: Sendable {
    /// Sends `request` once.
    /// - Returns: the server's answer, whatever its status.
    /// - Throws: when no answer arrived; a `TransportError` says whether the request was sent.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
