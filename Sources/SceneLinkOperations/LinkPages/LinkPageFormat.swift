import SceneLinkHTTP

/// What a request to a link page (or a short link) asks for: the HTML page, or the resolve
/// document (or problem) as JSON. `ContentNegotiation` reads `Accept` into it.
public enum LinkPageFormat: Sendable, Equatable {
    case html
    case json

    /// The format `request`'s `Accept` fields ask for (`ContentNegotiation.format(_:)`).
    public init(_ request: HTTPRequest) {
        self = ContentNegotiation.format(request)
    }
}
