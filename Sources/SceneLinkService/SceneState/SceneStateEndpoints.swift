import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The session, scene and value endpoints of the HTTP API (v1): `@SceneStorage` on the server.
///
/// Routes (all but `POST /v1/sessions` need `Authorization: Bearer TOKEN` of the session in the path):
///
/// | method and path | answers |
/// |---|---|
/// | `POST /v1/sessions` | 201 `{"id","token","expiresAt"}` |
/// | `DELETE /v1/sessions/{id}` | 204 |
/// | `GET /v1/sessions/{id}/scenes` | 200 `{"scenes":[{"scene","etag","values"}]}` |
/// | `GET/PUT/DELETE /v1/sessions/{id}/scenes/{scene}` | the scene document (see `SceneDocument`) |
/// | `GET/PUT/DELETE /v1/sessions/{id}/scenes/{scene}/values/{key}` | the raw bytes of one value |
///
/// **Order of checks** (RFC 9110 §13.2.1: preconditions only on an otherwise valid request):
/// identifiers (400) → authorization (401, 404) → body size (413) → request headers and body
/// (400) → the store, where the precondition (412) and limits (409) are checked atomically.
///
/// **Authorization.** A missing or malformed `Authorization` header, or a token that belongs to
/// no session, is 401 with `WWW-Authenticate: Bearer`. A token of another session, and any
/// expired session, is 404, so a client never learns whether a session id exists.
///
/// **Expiry.** Sessions live `sessionTimeToLive` after their last use. Use refreshes the
/// expiry, but only when doing so moves it forward by more than `refreshGranularity` (one
/// minute, or 1% of a shorter TTL), so a busy session costs one extra write a minute, not
/// one per request.
///
/// **One request path, without Swift concurrency.** A handler checks the request on the I/O queue
/// and goes on in the store's completions: at once when the store answers from memory (the SQLite
/// store's session and value caches), else on a reader queue, or on the writer queue after the
/// commit that carried a write. A restore of a cached value is answered on the I/O queue with no
/// hop, a save right after its group commit. (A `Task` and a continuation per request, measured
/// with `bench/store-instructions.sh`, cost 39% more instructions per restore.)
///
/// **Conditional requests.** Every value and scene answer carries a strong `ETag`. `If-Match`
/// with a stale tag is 412 (the 412 carries the current `ETag`), `If-None-Match: *` makes a
/// PUT create-only, and `If-None-Match` on GET answers 304.
///
/// **Repair.** `GET …/values/{key}?repair=navigationPath` passes the stored bytes to `repair`
/// (the current route table's check of a `NavigationPath.CodableRepresentation`) and answers
/// the longest valid prefix, with `SceneLink-Repaired-Elements: N`, the number of elements
/// dropped (0 when the path is still valid). The `ETag` stays the stored value's, so a
/// client can save the repaired path with `If-Match`. A value that is not a CodableRepresentation is 422.
///
/// ```swift
/// var table = EndpointTable()
/// let endpoints = SceneStateEndpoints(store: store, configuration: .init(), clock: .system,
///                                     repair: { bytes in .notNavigationPath })
/// endpoints.register(on: &table)
/// ```
public struct SceneStateEndpoints: Sendable {
    let store: any SceneStateStore
    let configuration: Configuration
    let clock: SceneStateClock
    let repair: @Sendable ([UInt8]) -> RepairOutcome
    /// Applies the `state` class per session (by its token) once a token is read; nil for none.
    let rateLimiter: RateLimiter?
    /// Counts quota refusals (`scenelink_quota_refusals_total`); nil counts nothing.
    let metrics: Metrics?
    /// Makes `POST /v1/sessions` safe to retry with `Idempotency-Key`; nil ignores the header.
    let idempotency: IdempotencyGate?

    /// - Parameters:
    ///   - store: where sessions and values live.
    ///   - configuration: session TTL and limits.
    ///   - clock: "now", for expiry; inject a fixed clock in tests.
    ///   - repair: cuts a stored CodableRepresentation to the prefix the current route table accepts.
    ///   - rateLimiter: limits each session's requests (class `state`); nil for no limit.
    ///   - metrics: where quota refusals are counted.
    ///   - idempotency: where `Idempotency-Key` records of session creations live (the store).
    public init(store: any SceneStateStore, configuration: Configuration = Configuration(),
                clock: SceneStateClock = .system, rateLimiter: RateLimiter? = nil, metrics: Metrics? = nil,
                idempotency: (any IdempotencyStore)? = nil,
                repair: @escaping @Sendable ([UInt8]) -> RepairOutcome) {
        self.idempotency = idempotency.map { IdempotencyGate(store: $0, clock: clock) }
        self.rateLimiter = rateLimiter
        self.metrics = metrics
        self.store = store
        self.configuration = configuration
        self.clock = clock
        self.repair = repair
    }

    /// The class every session route counts against, per session (keyed by its token): declared on
    /// the routes here and spent where the token is read (`authorize`), the one place it is named.
    static let sessionRateLimit = RateLimitClass.state

    /// The path patterns this group serves, for the route table and the OpenAPI check.
    public static let sessionsPattern = "/v1/sessions"
    public static let sessionPattern = "/v1/sessions/{id}"
    public static let scenesPattern = "/v1/sessions/{id}/scenes"
    public static let scenePattern = "/v1/sessions/{id}/scenes/{scene}"
    public static let valuePattern = "/v1/sessions/{id}/scenes/{scene}/values/{key}"

    /// Declares every route. Value PUTs are limited to `maximumValueBytes` by the router,
    /// so a larger declared body is answered 413 before it is read.
    public func register(on endpoints: inout EndpointTable) {
        let open = RoutePolicy(rateLimit: .perAddress(.sessions), maxBodyBytes: 4_096)
        let session = RoutePolicy(caller: .session, rateLimit: .perSession(Self.sessionRateLimit))
        endpoints.on(.post, Self.sessionsPattern, open) { self.createSession($0, $1) }
        endpoints.on(.delete, Self.sessionPattern, session) { self.deleteSession($0, $1) }
        endpoints.on(.get, Self.scenesPattern, session) { self.listScenes($0, $1) }
        endpoints.on(.get, Self.scenePattern, session) { self.getScene($0, $1) }
        endpoints.on(.put, Self.scenePattern, session.accepting(bodyBytes: configuration.maximumSceneDocumentBytes)) { self.putScene($0, $1) }
        endpoints.on(.delete, Self.scenePattern, session) { self.deleteScene($0, $1) }
        endpoints.on(.get, Self.valuePattern, session) { self.getValue($0, $1) }
        endpoints.on(.put, Self.valuePattern, session.accepting(bodyBytes: configuration.limits.maximumValueBytes)) { self.putValue($0, $1) }
        endpoints.on(.delete, Self.valuePattern, session) { self.deleteValue($0, $1) }
    }

    /// The answer to a store's result: `body`'s response to the value, or the problem of a store
    /// failure or of the rejection `body` throws.
    static func response<Value>(to result: Result<Value, SceneStateStoreError>,
                                _ body: (Value) throws(Rejection) -> HTTPResponse) -> HTTPResponse {
        do throws(Rejection) {
            switch result {
            case .success(let value): return try body(value)
            case .failure(let error): throw .store(error)
            }
        } catch {
            return error.response
        }
    }
}
