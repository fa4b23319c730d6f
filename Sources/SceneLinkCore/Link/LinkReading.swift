/// How SceneLink reads one of the app's links before any route is looked at: the https host it
/// names (nil for a link of an app scheme) and its path segments, each percent-decoded once.
/// What `RouteTable.reading(of:)` answers; scripts/whatwg_differential.py compares it with a
/// browser's reading (the WHATWG URL Standard) link by link.
public struct LinkReading: Equatable, Sendable {
    /// The https host, lowercased; nil for an app-scheme link.
    public var host: String?
    /// The path segments, empty ones dropped, each percent-decoded once.
    public var segments: [String]

    public init(host: String?, segments: [String]) {
        self.host = host
        self.segments = segments
    }
}
