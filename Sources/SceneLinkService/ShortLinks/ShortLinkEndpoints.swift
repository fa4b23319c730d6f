import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// Short links, a self-hosted replacement for Firebase Dynamic Links: `https://HOST/s/CODE`
/// stands for a longer link of the app, and counts its clicks.
///
/// | method and path | answers |
/// |---|---|
/// | `POST /v1/short-links` (admin) | 201 `{"code","url","qr","link","createdAt","expiresAt","title","tags"}` |
/// | `GET /v1/short-links?limit=N&cursor=C&tag=T&q=TEXT` (admin) | 200 `{"shortLinks":[…],"nextCursor"}`, oldest first |
/// | `PATCH /v1/short-links?tag=T&q=TEXT` (admin) | 200 `{"matched","changed","skipped"}`: tags added or removed, expiry set on every link the filter keeps |
/// | `DELETE /v1/short-links?tag=T&q=TEXT` (admin) | 200 `{"matched","deleted","skipped"}` |
/// | `GET /v1/short-links/{code}` (admin) | 200 one link as the listing shows it, with its `ETag` |
/// | `PATCH /v1/short-links/{code}` (admin) | 200 the changed link (merge patch of `link`, `expiresAt`, `title`, `tags`; `If-Match`) |
/// | `DELETE /v1/short-links/{code}` (admin) | 204 |
/// | `GET /v1/short-links/export?format=csv|json&tag=T&q=TEXT` (admin) | 200 every link, streamed: CSV the import reads back, or `{"shortLinks":[…]}` |
/// | `POST /v1/short-links/import` (admin) | 200 (422 when `atomic=true` and a row is refused) `{"rows":[…],"created","refused"}` from `text/csv` |
/// | `GET /s/{code}` | the target's resolve document (JSON clients) or an HTML page (browsers) |
/// | `GET /v1/resolve?url=https://HOST/s/CODE` | resolves the target (`ResolveEndpoints`) |
///
/// **Admin token or key.** The admin routes are declared `RoutePolicy.admin(scope:)`: they
/// need `Authorization: Bearer TOKEN` with the token of `--admin-token` (`SCENELINK_ADMIN_TOKEN`)
/// or an API key holding `links:read` (listing, one link) or `links:write` (creating, changing,
/// importing, deleting), checked by `AdminAuthenticator` before the handler runs.
///
/// **Order of checks** on creation: admin token (403, 401) → an https host to put in the URL
/// (409) → the body (400) → the target resolves with the current route table and is not itself a
/// short link (422) → the code is free (409 for an alias; a random code that collides is drawn again).
///
/// **Codes.** 12 characters carrying 72 random bits (`ShortCode.random()`), or an `alias` of 1
/// to 64 characters of `A-Z a-z 0-9 - _`. Stores look codes up by their SHA-256, a known code
/// and an unknown one cost the same one read (the click is counted without waiting for a
/// commit), and a malformed code is answered as unknown, so answers say nothing about codes
/// beyond "this one exists".
///
/// **Expiry.** At and after `expiresAt` a link answers 410. The application's sweep deletes
/// links `ShortLink.expiredRetention` after they expired; from then on they are 404 and the code is free.
///
/// ```swift
/// var endpoints = EndpointTable()
/// ShortLinkEndpoints(store: InMemoryShortLinkStore(), routes: routes,
///                    clock: .system).register(on: &endpoints)
/// ```
public struct ShortLinkEndpoints: Sendable {
    /// The operations the admin routes perform (their checks and audit entries), which also hold
    /// the store, the route table and the clock the follow route reads: each is held once, since
    /// a resolve of a short link copies this value per request.
    let operations: ShortLinkOperations
    let metrics: Metrics?
    /// The link pages a browser following a short link is shown (its target's page, or a notice).
    let linkPages: LinkPageEndpoints
    /// Makes creation safe to retry with `Idempotency-Key`; nil ignores the header.
    let idempotency: IdempotencyGate?
    /// Where visits are counted (`GET /s/CODE`); nil for none.
    let analytics: AnalyticsRecorder?

    var store: any ShortLinkStore { operations.store }
    var routes: Current<RouteTable> { operations.routes }
    var clock: SceneStateClock { operations.clock }

    /// - Parameters:
    ///   - store: where short links live.
    ///   - routes: the route table in force; targets are checked and resolved against it.
    ///   - clock: "now", for expiry; inject a fixed clock in tests.
    ///   - metrics: where clicks are counted, by outcome.
    ///   - linkPages: the link pages browsers are shown; by default, pages of `routes`' table
    ///     when it is created (the application passes the ones it rebuilds on reload).
    ///   - idempotency: where `Idempotency-Key` records of creations live (the store).
    ///   - audit: where each creation and deletion is recorded, with its caller.
    ///   - linkDomains: the web sites a link may point at besides the app's screens (`--link-domains`).
    public init(store: any ShortLinkStore, routes: Current<RouteTable>, clock: SceneStateClock = .system, metrics: Metrics? = nil,
                linkPages: LinkPageEndpoints? = nil, idempotency: (any IdempotencyStore)? = nil,
                analytics: AnalyticsRecorder? = nil, analyticsStore: (any AnalyticsStore)? = nil, audit: AuditTrail? = nil,
                linkDomains: LinkDomains = .none) {
        self.analytics = analytics
        self.idempotency = idempotency.map { IdempotencyGate(store: $0, clock: clock) }
        self.metrics = metrics
        self.linkPages = linkPages ?? LinkPageEndpoints(table: routes.value, metrics: metrics)
        operations = ShortLinkOperations(store: store, routes: routes, clock: clock, analyticsStore: analyticsStore, audit: audit,
                                         linkDomains: linkDomains)
    }

    /// The path patterns this group serves.
    public static let collectionPattern = "/v1/short-links"
    public static let itemPattern = "/v1/short-links/{code}"
    public static let importPattern = "/v1/short-links/import"
    public static let exportPattern = "/v1/short-links/export"
    /// The follow route under the default prefix (`--short-link-prefix`).
    public static let followPattern = ShortLinkPath.standard.pattern ?? "/s/{code}"

    /// The largest creation or change body accepted.
    static let maximumBodyBytes = 16 * 1024

    /// Declares the admin routes and `GET /s/{code}` (or `/NAME/{code}`, `--short-link-prefix`;
    /// at the root, links are followed through the link pages' catch-all, `followAtRoot`).
    public func register(on endpoints: inout EndpointTable) {
        endpoints.on(.post, Self.collectionPattern, .admin(.createShortLink).accepting(bodyBytes: Self.maximumBodyBytes)) {
            try self.create($0, $1)
        }
        endpoints.on(.get, Self.collectionPattern, .admin(.listShortLinks)) { try self.list($0, $1) }
        endpoints.on(.patch, Self.collectionPattern, .admin(.updateShortLink).accepting(bodyBytes: Self.maximumBodyBytes)) {
            try self.changeAll($0, $1)
        }
        endpoints.on(.delete, Self.collectionPattern, .admin(.deleteShortLink)) { try self.deleteAll($0, $1) }
        endpoints.on(.post, Self.importPattern, .admin(.importShortLinks).accepting(bodyBytes: Self.maximumImportBodyBytes)) {
            try self.importLinks($0, $1)
        }
        endpoints.on(.get, Self.exportPattern, .admin(.listShortLinks)) { try self.export($0, $1) }
        endpoints.on(.get, Self.itemPattern, .admin(.getShortLink)) { try self.show($0, $1) }
        endpoints.on(.patch, Self.itemPattern, .admin(.updateShortLink).accepting(bodyBytes: Self.maximumBodyBytes)) {
            try self.update($0, $1)
        }
        endpoints.on(.delete, Self.itemPattern, .admin(.deleteShortLink)) { try self.delete($0, $1) }
        if let pattern = routes.value.shortLinkPath.pattern {
            endpoints.on(.get, pattern, RoutePolicy(rateLimit: .perAddress(.links))) { self.follow($0, $1) }
        }
    }

    /// Counts one click (never a `HEAD`, which previews and checkers send).
    func record(_ outcome: ShortLinkClickOutcome, _ request: HTTPRequest) {
        guard request.method != .head else { return }
        metrics?.recordShortLinkClick(outcome)
    }
}
