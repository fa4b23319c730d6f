import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The operator console: server-rendered pages under `/console/` for the holder of the admin
/// token or of an API key with the `console` scope. No JavaScript; one style sheet; every answer
/// carries `ConsoleHeaders`. See docs/console.md.
///
/// | method and path | caller | answers |
/// |---|---|---|
/// | `GET /console/` | anyone | the sign-in form (`token`); 303 to the overview when signed in |
/// | `POST /console/sign-in` | anyone, `console-sign-in` per address | 303 with the session cookie; 401 the form again; 403 (plain HTTP, cross-site, a key without `console`); 429 |
/// | `POST /console/sign-out` | a session | 303 to the sign-in page; the session ends on the server |
/// | `GET /console/console.css` | anyone | the style sheet |
/// | `GET /console/overview` | a session | visits, QR scans, claims, installs; store health |
/// | `GET /console/links` | a session | short links with search (`q`), tag and paging; the form that makes one |
/// | `POST /console/links` | a session | as `POST /v1/short-links`; 303 to the new link's page, or the form with the API's sentence |
/// | `POST /console/import-links` | a session | as `POST /v1/short-links/import` with a pasted CSV; each row's result |
/// | `GET /console/links/export.csv` | a session | as `GET /v1/short-links/export` (CSV) for the Links page's `q` and `tag` |
/// | `POST /console/links-batch` | a session | as `PATCH /v1/short-links?tag=…&q=…` (add or remove a tag, set the expiry); 303 with the count |
/// | `GET`, `POST /console/links-batch/delete` | a session | the page that counts the links, then as `DELETE /v1/short-links?tag=…&q=…`; 303 with the count |
/// | `GET /console/links/{code}` | a session | one link: where it goes for each visitor, its QR code, its analytics, expiry and delete forms |
/// | `GET /console/links/{code}/qr.svg` | a session | the link's QR code as an SVG attachment |
/// | `POST /console/links/{code}/edit`, `…/expiry`, `…/delete` | a session | as `PATCH` (with `If-Match`) and `DELETE /v1/short-links/{code}`; 303 |
/// | `GET /console/analytics` | a session | one scope (`all` by default): range, zone, interval; a chart, its table, the breakdowns |
/// | `GET /console/analytics/timeseries.csv`, `…/breakdown.csv` | a session | the analytics API's CSV |
/// | `GET /console/routes` | a session | the route table and "try a link" (`?url=`) |
/// | `GET /console/claims` | a session | claims made and redeemed per UTC day, 30 days (counts only) |
/// | `GET /console/system` | a session | version, store, limits, retention, association files, keys, audit log |
/// | `GET /console/system/privacy` | a session | the analytics privacy receipt with row counts |
/// | `POST /console/system/keys` | a session of the admin token | a new key, its text shown once |
/// | `POST /console/system/keys/{id}/revoke` | a session of the admin token | 303 back to System |
/// | `GET /console/webhooks`, `GET /console/webhooks/{id}` | a session | the endpoints with the create form; one endpoint's deliveries |
/// | `POST /console/webhooks` | a session | a new endpoint, its secret shown once |
/// | `POST /console/webhooks/{id}/rotate`, `…/test`, `…/deliveries/{messageId}/replay` | a session | a new secret shown once; 303 back |
/// | `POST /console/webhooks/{id}/edit`, `…/delete` | a session | as `PATCH` and `DELETE /v1/webhooks/{id}`; 303 |
///
/// | `GET /console/{path}` (any other console path) | anyone | 404, a console page with the console's headers |
///
/// Every route is declared for the admin port (the only port without `--admin-listen`).
public struct ConsoleEndpoints: Sendable {
    package let configuration: Configuration
    package let sessions: ConsoleSessions
    /// Checks a sign-in's token as the admin routes check a bearer token.
    package let authenticator: AdminAuthenticator
    /// nil when rate limits are off.
    package let rateLimiter: RateLimiter?
    package let audit: AuditTrail?
    /// Where failed sign-ins are audited (`auth.refused`, reason `console-sign-in`); nil in tests built without one.
    package let refusals: RefusalAudit?
    package let keyCache: APIKeyCache?
    /// The API keys' operations, which the System page's forms perform.
    package let keys: APIKeyOperations
    /// The audit log's read, which the System page shows as the session may see it.
    package let auditReads: AuditOperations
    /// The claims made, redeemed and expired per day, which the Claims page shows.
    package let claims: ClaimOperations
    /// The analytics reports the Analytics, link and privacy pages show (and whose CSV they offer).
    package let reports: AnalyticsOperations
    /// The webhook operations the Webhooks pages read and change endpoints through (the API's own).
    package let webhooks: WebhookOperations
    /// The short-link operations the Links pages read and change links through (the API's own).
    package let links: ShortLinkOperations
    package let routes: Current<RouteTable>
    /// What the System page shows of the server's settings.
    package let settings: ConsoleServerSettings
    /// Where the store is, as the startup log names it.
    package let storeDescription: String
    /// Checks the store can write: nil when it can, else the failure's sentence.
    package let storeHealth: @Sendable (@escaping @Sendable (String?) -> Void) -> Void
    package let clock: SceneStateClock

    package init(configuration: Configuration, sessions: ConsoleSessions, authenticator: AdminAuthenticator,
                 rateLimiter: RateLimiter?, audit: AuditTrail?, refusals: RefusalAudit?, keyCache: APIKeyCache?,
                 keys: APIKeyOperations, auditReads: AuditOperations, claims: ClaimOperations, reports: AnalyticsOperations,
                 webhooks: WebhookOperations, links: ShortLinkOperations, routes: Current<RouteTable>,
                 settings: ConsoleServerSettings, storeDescription: String,
                 storeHealth: @escaping @Sendable (@escaping @Sendable (String?) -> Void) -> Void, clock: SceneStateClock) {
        self.configuration = configuration
        self.sessions = sessions
        self.authenticator = authenticator
        self.rateLimiter = rateLimiter
        self.audit = audit
        self.refusals = refusals
        self.keyCache = keyCache
        self.keys = keys
        self.auditReads = auditReads
        self.claims = claims
        self.reports = reports
        self.webhooks = webhooks
        self.links = links
        self.routes = routes
        self.settings = settings
        self.storeDescription = storeDescription
        self.storeHealth = storeHealth
        self.clock = clock
    }

    public static let signInPath = "/console/"
    package static let signInActionPath = "/console/sign-in"
    package static let signOutPath = "/console/sign-out"
    package static let keysPath = "/console/system/keys"
    package static let revokePattern = "/console/system/keys/{id}/revoke"
    /// The largest form body a console route takes.
    package static let maximumFormBytes = 8 * 1024

    /// The guard of this console's session routes, for `EndpointGuard`.
    package var guardian: ConsoleGuard { ConsoleGuard(sessions: sessions, keys: keyCache, refusals: refusals) }

    /// Declares the console's routes, each with its whole policy.
    public func register(on endpoints: inout EndpointTable) {
        let fixed = RoutePolicy(port: .admin, rateLimit: .notLimited(because: "a fixed page or style sheet; sign-in attempts count against console-sign-in"))
        let signIn = RoutePolicy(port: .admin, rateLimit: .perAddress(.consoleSignIn)).accepting(bodyBytes: Self.maximumFormBytes)
        let page = RoutePolicy(port: .admin, caller: .console,
                               rateLimit: .notLimited(because: "an operator's own pages behind a session; sign-in attempts count against console-sign-in"))
        let change = page.accepting(bodyBytes: Self.maximumFormBytes)
        let unknown = RoutePolicy(port: .admin, rateLimit: .notLimited(because: "a fixed 404 page that reads nothing"))
        on(&endpoints, .get, Self.signInPath, fixed) { self.signInForm($0, $1) }
        on(&endpoints, .get, ConsoleStyle.path.description, fixed) { _, responder in
            responder.respond(HTTPResponse(contentType: "text/css; charset=utf-8", body: Array(ConsoleStyle.css.utf8)))
        }
        on(&endpoints, .post, Self.signInActionPath, signIn) { self.signIn($0, $1) }
        on(&endpoints, .post, Self.signOutPath, change) { self.signOut($0, $1) }
        on(&endpoints, .get, ConsoleSection.overview.path, page) { self.overview($0, $1) }
        on(&endpoints, .get, ConsoleSection.routes.path, page.performing(.listRoutes)) { self.routesPage($0, $1) }
        on(&endpoints, .get, ConsoleSection.system.path, page) { self.system($0, $1) }
        on(&endpoints, .get, Self.privacyPath, page.performing(.analyticsPrivacy)) { self.privacyReceipt($0, $1) }
        on(&endpoints, .post, Self.keysPath, change.performing(.createKey)) { self.createKey($0, $1) }
        on(&endpoints, .post, Self.revokePattern, change.performing(.revokeKey)) { self.revokeKey($0, $1) }
        on(&endpoints, .get, ConsoleSection.links.path, page.performing(.listShortLinks)) { self.linksPage($0, $1) }
        on(&endpoints, .post, ConsoleSection.links.path, change.performing(.createShortLink)) { self.createLink($0, $1) }
        on(&endpoints, .post, Self.linkImportPath, page.accepting(bodyBytes: Self.maximumImportFormBytes).performing(.importShortLinks)) { self.importLinks($0, $1) }
        on(&endpoints, .get, Self.linkExportPath, page.performing(.listShortLinks)) { self.exportLinks($0, $1) }
        on(&endpoints, .post, Self.linkBatchPath, change.performing(.updateShortLink)) { self.changeLinks($0, $1) }
        on(&endpoints, .get, Self.linkBatchDeletePath, page.performing(.deleteShortLink)) { self.confirmDeleteLinks($0, $1) }
        on(&endpoints, .post, Self.linkBatchDeletePath, change.performing(.deleteShortLink)) { self.deleteLinks($0, $1) }
        on(&endpoints, .get, Self.linkPattern, page.performing(.getShortLink)) { self.linkPage($0, $1) }
        on(&endpoints, .get, Self.linkQRPattern, page.performing(.getShortLink)) { self.linkQR($0, $1) }
        on(&endpoints, .post, Self.linkExpiryPattern, change.performing(.updateShortLink)) { self.changeLinkExpiry($0, $1) }
        on(&endpoints, .post, Self.linkEditPattern, change.performing(.updateShortLink)) { self.editLink($0, $1) }
        on(&endpoints, .post, Self.linkDeletePattern, change.performing(.deleteShortLink)) { self.deleteLink($0, $1) }
        on(&endpoints, .get, ConsoleSection.analytics.path, page.performing(.analyticsTimeseries)) { self.analyticsPage($0, $1) }
        on(&endpoints, .get, Self.timeseriesCSVPath, page.performing(.analyticsTimeseries)) { self.analyticsCSV($0, $1, breakdown: false) }
        on(&endpoints, .get, Self.breakdownCSVPath, page.performing(.analyticsBreakdown)) { self.analyticsCSV($0, $1, breakdown: true) }
        on(&endpoints, .get, ConsoleSection.webhooks.path, page.performing(.listWebhooks)) { self.webhookList($0, $1) }
        on(&endpoints, .get, ConsoleSection.claims.path, page.performing(.listClaims)) { self.claimsPage($0, $1) }
        on(&endpoints, .get, Self.webhookPattern, page.performing(.listWebhookDeliveries)) { self.webhookDeliveries($0, $1) }
        on(&endpoints, .post, ConsoleSection.webhooks.path, change.performing(.createWebhook)) { self.createWebhook($0, $1) }
        on(&endpoints, .post, Self.webhookRotatePattern, change.performing(.rotateWebhookSecret)) { self.rotateWebhook($0, $1) }
        on(&endpoints, .post, Self.webhookTestPattern, change.performing(.testWebhook)) { self.testWebhook($0, $1) }
        on(&endpoints, .post, Self.webhookReplayPattern, change.performing(.replayWebhookDelivery)) { self.replayWebhook($0, $1) }
        on(&endpoints, .post, Self.webhookEditPattern, change.performing(.updateWebhook)) { self.editWebhook($0, $1) }
        on(&endpoints, .post, Self.webhookDeletePattern, change.performing(.deleteWebhook)) { self.deleteWebhook($0, $1) }
        // Below every console route (and beside the link pages' catch-all, which never takes a
        // /console path): any other console path is a console page saying so, with its headers.
        endpoints.otherwise(.get, Self.unknownPattern, accepting: Self.isConsolePath, unknown) { request, responder in
            ConsoleHeaders.securing(responder).respond(ConsolePage.notice(
                status: .notFound, title: "No such page",
                detail: "The console has no page at this address; use the navigation, or start from the sign-in page."))
        }
    }

    /// The pattern the console's catch-all is listed and documented under.
    package static let unknownPattern = "/console/{path}"

    /// Whether a path (as sent) is under `/console`.
    package static func isConsolePath(_ path: String) -> Bool {
        path == "/console" || path.hasPrefix("/console/")
    }

    /// Declares a console route whose every answer, an error's too, carries `ConsoleHeaders`.
    private func on(_ endpoints: inout EndpointTable, _ method: HTTPMethod, _ pattern: String, _ policy: RoutePolicy,
                    _ handler: @escaping @Sendable (HTTPRequest, HTTPResponder) -> Void) {
        endpoints.on(method, pattern, policy) { request, responder in
            handler(request, ConsoleHeaders.securing(responder))
        }
    }

    /// The live session of a request the guard let through; answers the sign-in redirect and
    /// nil when it ended meanwhile.
    package func session(of request: HTTPRequest, _ responder: HTTPResponder) -> ConsoleSession? {
        guard let id = ConsoleCookie.sessionID(in: request), let session = sessions.session(id: id) else {
            responder.respond(ConsoleGuard.signedOut(request))
            return nil
        }
        return session
    }

    // MARK: - Signing in and out

    /// Whether `request` came over HTTPS (the scheme a trusted proxy forwarded).
    package static func isSecure(_ request: HTTPRequest) -> Bool { request.scheme == "https" }

    /// The refusal of a sign-in over plain HTTP from an address other than loopback, unless
    /// `--console-insecure-http` allows it.
    package func insecureRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard !Self.isSecure(request), !request.clientAddress.isLoopback, !configuration.allowsInsecureHTTP else { return nil }
        return ConsolePage.notice(
            status: .forbidden, title: "HTTPS required",
            detail: "The console takes sign-ins only over HTTPS (a proxy in --trusted-proxies forwarding X-Forwarded-Proto: https) "
                + "or from this machine (loopback): over plain HTTP the token and the session cookie would cross the network in "
                + "clear text. Reach the console through HTTPS, or start scenelink with --console-insecure-http on to allow it.")
    }

    /// `GET /console/`: the form, or 303 to the overview for a live session.
    package func signInForm(_ request: HTTPRequest, _ responder: HTTPResponder) {
        if let id = ConsoleCookie.sessionID(in: request), sessions.session(id: id) != nil {
            return responder.respond(ConsoleHeaders.redirect(to: ConsoleSection.overview.path))
        }
        if let refusal = insecureRefusal(request) { return responder.respond(refusal) }
        responder.respond(signInPage(error: nil, status: .ok))
    }

    /// The sign-in form, with `error` above it when a sign-in failed.
    package func signInPage(error: String?, status: HTTPStatus, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        var page = ConsolePage(title: "Sign in")
        if let error {
            page.html.element("p", text: error, attributes: ["class": "error", "id": "sign-in-error", "role": "alert"])
        }
        page.html.element("p", text: "Sign in with the server's admin token (--admin-token) or an API key with the console scope.")
        page.html.element("form", attributes: ["method": "post", "action": Self.signInActionPath]) { html in
            html.element("label", text: "Admin token or API key", attributes: ["for": "token"])
            var input: HTMLAttributes = [
                "type": "password", "id": "token", "name": "token",
                "autocomplete": "current-password", "required": "required",
            ]
            if error != nil { input.append("aria-describedby", "sign-in-error") }
            html.void(.input, attributes: input)
            html.element("p") { html in
                html.element("button", text: "Sign in", attributes: ["type": "submit"])
            }
        }
        page.html.element("p", text: "A session ends after \(ValueParser.text(of: configuration.idleTimeout)) unused, "
                          + "\(ValueParser.text(of: configuration.lifetime)) after sign-in, at sign-out, and when the server restarts.",
                          attributes: ["class": "muted"])
        return page.response(status: status, headers: headers)
    }

    /// `POST /console/sign-in` (`token=…`): the admin token or a key with `console` starts a
    /// session with a new id; anything else is the form again.
    package func signIn(_ request: HTTPRequest, _ responder: HTTPResponder) {
        if let refusal = insecureRefusal(request) { return responder.respond(refusal) }
        if let origin = ConsoleRequestCheck.originRefusal(request) {
            return responder.respond(ConsolePage.notice(status: .forbidden, title: "Refused", detail: origin))
        }
        let token = ConsoleForm(body: request.body)["token"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !token.isEmpty else {
            return responder.respond(signInPage(error: "Enter the admin token or an API key.", status: .unauthorized))
        }
        let address = RateLimitKey(client: request.clientAddress)
        // The admin token's guessing budget is shared with the API: the console is no side door.
        if let refusal = rateLimiter?.refusalWithoutTaking(.adminAuth, key: address) {
            return responder.respond(refusal.pageResponse(ConsolePage.notice(status: .tooManyRequests, title: RateLimitRefusal.title,
                                                                             detail: refusal.detail)))
        }
        var asBearer = request
        asBearer.headers = ["Authorization": "Bearer \(token)"]
        authenticator.identify(asBearer, for: .admin(scope: .console)) { [self] decision in
            if case .failure(let failure) = decision, let cause = failure.reason {
                refusals?.record(.consoleSignIn, client: request.clientAddress, keyID: failure.keyID, door: .console,
                                 route: "POST \(Self.signInActionPath)", detail: ["cause": cause.rawValue])
            }
            switch decision.mapError(\.refusal) {
            case .success(let identity):
                // The browser's previous session, if any, ends: one browser, one live session.
                if let previous = ConsoleCookie.sessionID(in: request) { sessions.end(id: previous) }
                let started = sessions.start(signedInAs: identity)
                var signer = request
                signer.principal = identity.actor.description
                let secure = Self.isSecure(request)
                audit.record(signer, action: "console.signed_in", subject: started.session.actor.description) {
                    responder.respond(ConsoleHeaders.redirect(to: ConsoleSection.overview.path, headers: [
                        (name: "Set-Cookie", value: ConsoleCookie.starting(id: started.id, secure: secure)),
                    ]))
                }
            case .failure(.wrongToken), .failure(.missingToken):
                _ = rateLimiter?.refusal(.adminAuth, key: address)
                responder.respond(signInPage(error: "That is neither the admin token nor a working API key.", status: .unauthorized))
            case .failure(.missingScope(_, let key)):
                responder.respond(signInPage(
                    error: "The API key '\(key)' lacks the console scope; make a key with --scopes console, or use the admin token.",
                    status: .forbidden))
            case .failure(.disabled):
                responder.respond(signInPage(
                    error: "No admin token is configured, so the console is closed; start scenelink with --admin-token.", status: .forbidden))
            case .failure(.rootOnly):
                responder.respond(signInPage(error: "Only the admin token may sign in here.", status: .forbidden))
            case .failure(.keysUnavailable):
                responder.respond(signInPage(error: "The store did not answer, so the key could not be checked; retry in a moment.",
                                                  status: .serviceUnavailable))
            }
        }
    }

    /// `POST /console/sign-out`: ends the session on the server and clears the cookie.
    package func signOut(_ request: HTTPRequest, _ responder: HTTPResponder) {
        if let id = ConsoleCookie.sessionID(in: request) { sessions.end(id: id) }
        let secure = Self.isSecure(request)
        audit.record(request, action: "console.signed_out", subject: request.principal ?? "console") {
            responder.respond(ConsoleHeaders.redirect(to: Self.signInPath, headers: [
                (name: "Set-Cookie", value: ConsoleCookie.clearing(secure: secure)),
            ]))
        }
    }
}
