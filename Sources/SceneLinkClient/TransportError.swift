import Foundation

/// No answer arrived: the request failed in the network, before an HTTP status came back.
///
/// `kind` tells `SceneLinkClient` whether the request may have reached the server: a request
/// that could not even connect is retried whatever its method, any other failure only when
/// repeating the request is harmless (see `RetryPolicy`).
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as far as retrying is concerned.
    public enum Kind: Sendable, Hashable {
        /// No connection was made (refused, host unreachable, DNS): the server saw nothing.
        case couldNotConnect
        /// The answer did not arrive in time; the server may have acted on the request.
        case timedOut
        /// The connection broke, or anything else; the server may have acted on the request.
        case other
    }

    /// What went wrong.
    public var kind: Kind
    /// The underlying message, for people.
    public var message: String

    /// Creates a transport error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// One sentence: what failed and the underlying message.
    public var description: String {
        let text = switch kind {
        case .couldNotConnect: "Could not connect to the SceneLink server: \(message)"
        case .timedOut: "The SceneLink server did not answer in time: \(message)"
        case .other: "The request to the SceneLink server failed: \(message)"
        }
        return SceneLinkError.sentence(text)
    }
}
