import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// Deferred deep links without fingerprinting: a phone's link page hands its visitor a claim
/// (`ClaimIssuer`, through `LinkPageEndpoints`), and the app, once installed, redeems it here.
///
/// - `POST /v1/claims/redeem` `{"claim": TOKEN | CODE | claim URL | Play referrer string,
///   "install": UUID}`: 200 with the claimed link's resolve document plus `"claim": {"link",
///   "shortLink", "source", "redeemedAt"}` (`shortLink` is the code of the short link whose page
///   made the claim, null otherwise, for the app's own attribution); the same install again gets the same answer; another install 409; an
///   expired claim or code 410; an unknown one 404; a malformed body 400.
/// - `GET /c/{token}`: in a browser, the claimed link's page again with the same claim (its code
///   while the code lives, read back from the claim's id with the store's `ClaimCodeCipher`, and
///   its copy button); for a JSON client, the claimed link's resolve document. Unknown 404,
///   expired 410.
///
/// Nothing about the visitor is stored: the claim is the link, its times and its redemption.
///
/// ```swift
/// let claims = ClaimEndpoints(store: store, routes: routes, configuration: .init(), clock: .system,
///                             metrics: ClaimMetrics(), linkPages: linkPages)
/// claims.register(on: &endpoints)
/// ```
public struct ClaimEndpoints: Sendable {
    public static let redeemPattern = "/v1/claims/redeem"
    public static let pagePattern = "/c/{token}"
    /// A redemption body is a claim (at most 2 KiB) and a UUID.
    static let maximumBodyBytes = 4_096

    let store: any ClaimStore
    let routes: Current<RouteTable>
    let clock: SceneStateClock
    let metrics: ClaimMetrics
    let linkPages: LinkPageEndpoints
    /// Where a first redemption is counted as an install; nil counts none.
    let analytics: AnalyticsRecorder?

    public init(store: any ClaimStore, routes: Current<RouteTable>, clock: SceneStateClock, metrics: ClaimMetrics,
                linkPages: LinkPageEndpoints, analytics: AnalyticsRecorder? = nil) {
        self.analytics = analytics
        self.store = store
        self.routes = routes
        self.clock = clock
        self.metrics = metrics
        self.linkPages = linkPages
    }

    /// Declares the redemption and the claim page.
    public func register(on endpoints: inout EndpointTable) {
        endpoints.on(.post, Self.redeemPattern, RoutePolicy(rateLimit: .perAddress(.claims), maxBodyBytes: Self.maximumBodyBytes)) {
            self.redeem($0, $1)
        }
        // The token redeems the claim for days: the access log writes the pattern, not the path.
        endpoints.on(.get, Self.pagePattern, RoutePolicy(rateLimit: .perAddress(.links), pathCarriesSecret: true)) { self.page($0, $1) }
    }

    /// `POST /v1/claims/redeem`.
    func redeem(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let table = routes.value
        let body: ClaimRedeemRequest
        do {
            body = try ClaimRedeemRequest(body: request.body, hosts: table.hosts, codes: store.claimCodes, at: clock.now())
        } catch {
            metrics.recordRefused(.malformed)
            return responder.respond(error.response())
        }
        let source = body.reference.source
        let now = clock.now()
        store.redeemClaim(body.reference.key, install: body.install, source: source, at: now) { [metrics, routes, analytics] result in
            switch result {
            case .failure(let error):
                responder.respond(ClaimProblems.store(error))
            case .success(.unknown):
                metrics.recordRefused(.unknown)
                responder.respond(ClaimProblems.notFound.response())
            case .success(.redeemedByAnotherInstall):
                metrics.recordRefused(.conflict)
                responder.respond(ClaimProblems.redeemedByAnotherInstall.response())
            case .success(.expired):
                metrics.recordExpired()
                responder.respond(ClaimProblems.expired.response())
            case .success(.redeemed(let claim)):
                metrics.recordRedeemed(claim.redemption?.source ?? source)
                analytics?.recordInstall(link: claim.shortLink, route: claim.route ?? Metrics.rootRoute, at: now)
                responder.respond(Self.redeemed(claim, table: routes.value))
            case .success(.redeemedBefore(let claim)):
                // The same install asking again: the same answer, no second install.
                metrics.recordRedeemed(claim.redemption?.source ?? source)
                responder.respond(Self.redeemed(claim, table: routes.value))
            }
        }
    }

    /// The 200 answer: the claimed link's resolve document with a `claim` member. A link that no
    /// longer resolves (the route file changed) is the resolve problem, as `/s/CODE` answers it.
    static func redeemed(_ claim: Claim, table: RouteTable) -> HTTPResponse {
        let document: [UInt8]
        do {
            document = try table.resolve(claim.link, format: .document)
        } catch {
            return ResolveProblems.problem(for: error).response(headers: ["Cache-Control": "no-store"])
        }
        // The document's bytes stay exactly what `GET /v1/resolve` answers (its navigationPath
        // escapes slashes as Apple's encoder does); `claim` is added as its last member.
        guard document.last == UInt8(ascii: "}"), document.count > 2 else {
            return HTTPProblem(status: .internalServerError, type: HTTPProblem.typeBase + "resolve-document",
                               title: "Resolve document unreadable",
                               detail: "The resolve document of the claimed link is not a JSON object.").response()
        }
        var info: [(key: String, value: JSONValue)] = [(key: "link", value: .string(claim.link)),
                                                       (key: "shortLink", value: claim.shortLink.map { .string($0.rawValue) } ?? .null)]
        if let redemption = claim.redemption {
            info.append((key: "source", value: .string(redemption.source.rawValue)))
            info.append((key: "redeemedAt", value: .string(RFC3339.string(redemption.redeemedAt))))
        }
        var body = document.dropLast()
        body.append(contentsOf: #","claim":"#.utf8)
        body.append(contentsOf: JSONWriter.encode(.object(info), escapingSlashes: false))
        body.append(UInt8(ascii: "}"))
        return HTTPResponse(contentType: "application/json", body: Array(body), headers: ["Cache-Control": "no-store"])
    }

    /// `GET /c/{token}`.
    func page(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let wantsJSON = ContentNegotiation.prefersJSON(request)
        let current = linkPages.current
        let language = current.language(for: request)
        let strings = LinkPageStrings.in(language)
        let unknown: @Sendable () -> HTTPResponse = {
            wantsJSON ? ClaimProblems.notFound.response()
                : current.notice(status: .notFound, title: strings[.unknownTitle], detail: strings[.claimUnknownDetail],
                                 language: language)
        }
        guard let token = try? ClaimToken(request.pathParameters["token"] ?? "") else { return responder.respond(unknown()) }
        let now = clock.now()
        store.claim(.token(token)) { [routes, linkPages, store] result in
            switch result {
            case .failure(let error):
                responder.respond(ClaimProblems.store(error))
            case .success(nil):
                responder.respond(unknown())
            case .success(let claim?):
                if now >= claim.expiresAt {
                    return responder.respond(wantsJSON ? ClaimProblems.expired.response()
                        : current.notice(status: .gone, title: strings[.expiredTitle], detail: strings[.claimExpiredDetail],
                                         language: language))
                }
                let table = routes.value
                if wantsJSON {
                    var answer = current.document(of: claim.link)
                    answer.headers.set("Cache-Control", "no-store")
                    return responder.respond(answer)
                }
                let host = request.host.flatMap(table.listedHost(inHostField:)) ?? table.hosts.first
                // The code is the claim's id under the store's key: shown again while it still redeems.
                let code = now < claim.codeExpiresAt ? store.claimCodes.code(forClaim: claim.id) : nil
                responder.respond(linkPages.claimPage(
                    link: claim.link, claim: LinkPageClaim(token: token, code: code, host: host),
                    request: request))
            }
        }
    }
}
