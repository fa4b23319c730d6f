/// What became of one short-link click, the label of `scenelink_short_link_clicks_total`.
public enum ShortLinkClickOutcome: String, Sendable, CaseIterable {
    /// The target was answered (page or resolve document).
    case served
    /// The link had expired: 410.
    case expired
    /// No link has the code: 404.
    case unknown
    /// The link exists but its target no longer resolves with the route table in force
    /// (a route was removed by a reload).
    case unresolvable
}
