/// What a visit was answered with.
public enum VisitOutcome: String, Sendable, CaseIterable {
    /// The link page, with no store or web fallback for the visitor's platform.
    case page
    /// The link page, its fallback the app's store page (App Store or Google Play), no claim.
    case appStore = "app-store"
    /// The link page, its fallback a web page.
    case web
    /// The link page with a claim (deferred deep link) made for the visitor.
    case claim
    /// A JSON client's resolve document (`GET /s/CODE` with `Accept: application/json`).
    case document
    /// The link did not resolve, or the short link was unknown or expired.
    case notFound = "not-found"
}
