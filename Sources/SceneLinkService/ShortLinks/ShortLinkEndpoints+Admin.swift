import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

extension ShortLinkEndpoints {
    /// `POST /v1/short-links`: 201 with `{"code","url","qr","link","createdAt","expiresAt"}`.
    func create(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let table = routes.value
        guard !table.hosts.isEmpty else { return responder.respond(ShortLinkProblems.noHTTPSHost.response()) }
        let now = clock.now()
        let parsed = try ShortLinkRequest(body: request.body)
        if let expiresAt = parsed.expiresAt, expiresAt <= now {
            return responder.respond(ShortLinkProblems.expiryInPast(expiresAt).response())
        }
        guard ShortCode.codeText(inShortLink: parsed.link, hosts: table.hosts) == nil else {
            return responder.respond(ShortLinkProblems.targetIsShortLink.response())
        }
        let route: String?
        do {
            _ = try table.resolve(parsed.link, format: .navigationPath)
            route = try table.routeName(of: parsed.link)
        } catch {
            return responder.respond(ShortLinkProblems.targetDoesNotResolve(error).response())
        }
        guard let idempotency else {
            return insert(parsed, route: route, createdAt: now, request: request, responder: responder, recorder: nil, attempt: 1)
        }
        idempotency.run(request, scope: IdempotencyGate.adminScope(request), route: "POST \(Self.collectionPattern)", responder) { recorder in
            insert(parsed, route: route, createdAt: now, request: request, responder: responder, recorder: recorder, attempt: 1)
        }
    }

    /// Stores the link under its alias or a new random code. A random code that is taken (a
    /// collision of 72-bit codes, not expected) is drawn again, once.
    private func insert(_ parsed: ShortLinkRequest, route: String?, createdAt: Date, request: HTTPRequest, responder: HTTPResponder,
                        recorder: IdempotencyGate.Recorder?, attempt: Int) {
        let link = ShortLink(code: parsed.alias ?? .random(), link: parsed.link, createdAt: createdAt, expiresAt: parsed.expiresAt,
                             route: route)
        // Built before the write, so that it can be stored with it for retries of the same key.
        let table = routes.value
        let created = HTTPResponse.created(json: Self.json(link, table: table, now: nil), location: Self.url(of: link.code, table: table))
        store.createShortLink(link, recording: recorder?.record(created)) { [audit] result in
            switch result {
            case .success:
                var detail = ["link": link.link]
                if let expiresAt = link.expiresAt { detail["expiresAt"] = RFC3339.string(expiresAt) }
                audit.record(request, action: "short_link.created", subject: "link:\(link.code.rawValue)", detail: detail) {
                    responder.respond(created)
                }
            case .failure(.codeExists) where parsed.alias == nil && attempt == 1:
                insert(parsed, route: route, createdAt: createdAt, request: request, responder: responder, recorder: recorder, attempt: 2)
            case .failure(let error):
                recorder?.failed(error.failure)
                responder.respond(ShortLinkProblems.store(error))
            }
        }
    }

    /// `GET /v1/short-links?limit=N&cursor=C`: one page, oldest first, with each link's clicks
    /// and its visits since it was made by class (`visits: {human, preview, bot}`, flushed counts).
    func list(_ request: HTTPRequest, _ responder: HTTPResponder) {
        var limit = Self.defaultPageSize
        if let text = request.queryItem("limit") {
            guard let value = Int(text), (1...Self.maximumPageSize).contains(value) else {
                return responder.respond(ShortLinkProblems.invalidQuery(
                    "limit takes a whole number from 1 to \(Self.maximumPageSize), not '\(text.prefix(32))'.").response())
            }
            limit = value
        }
        var cursor: Int64?
        if let text = request.queryItem("cursor") {
            guard text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let value = Int64(text) else {
                return responder.respond(ShortLinkProblems.invalidQuery(
                    "cursor takes the nextCursor of the previous page as it was given, not '\(text.prefix(32))'.").response())
            }
            cursor = value
        }
        let now = clock.now()
        store.shortLinks(after: cursor, limit: limit) { [routes, analyticsStore] result in
            switch result {
            case .success(let listing):
                let answer: @Sendable ([String: AnalyticsCounts]) -> Void = { totals in
                    let table = routes.value
                    let items = listing.links.map { link in
                        Self.json(link, table: table, now: now, visits: totals[AnalyticsScope.link(link.code).key] ?? AnalyticsCounts())
                    }.joined(separator: ",")
                    let next = listing.nextCursor.map { JSONEscaping.quote(String($0)) } ?? "null"
                    var response = HTTPResponse.json("{\"shortLinks\":[\(items)],\"nextCursor\":\(next)}")
                    response.headers.set("Cache-Control", "no-store")
                    responder.respond(response)
                }
                guard let analyticsStore else { return answer([:]) }
                analyticsStore.analyticsTotals(scopes: listing.links.map { AnalyticsScope.link($0.code).key }) { totals in
                    switch totals {
                    case .success(let totals): answer(totals)
                    case .failure(let error): responder.respond(error.response)
                    }
                }
            case .failure(let error):
                responder.respond(ShortLinkProblems.store(error))
            }
        }
    }

    /// `DELETE /v1/short-links/{code}`: 204; 404 when no link has the code.
    func delete(_ request: HTTPRequest, _ responder: HTTPResponder) {
        // A malformed code names no link: the same 404 as an unknown one.
        guard let code = try? ShortCode(request.pathParameters["code"] ?? "") else {
            return responder.respond(ShortLinkProblems.notFound.response())
        }
        store.deleteShortLink(code: code) { [audit] result in
            switch result {
            case .success(true):
                audit.record(request, action: "short_link.deleted", subject: "link:\(code.rawValue)") {
                    responder.respond(HTTPResponse(status: .noContent))
                }
            case .success(false): responder.respond(ShortLinkProblems.notFound.response())
            case .failure(let error): responder.respond(ShortLinkProblems.store(error))
            }
        }
    }

    /// One link as JSON, with the path of its QR code (`qr`). With `now` (the listing), also
    /// `clicks`, whether it has `expired`, and its `visits` by class.
    static func json(_ link: ShortLink, table: RouteTable, now: Date?, visits: AnalyticsCounts = AnalyticsCounts()) -> String {
        var out = "{\"code\":\(JSONEscaping.quote(link.code.rawValue)),"
        let url = url(of: link.code, table: table)
        out += "\"url\":\(url.map(JSONEscaping.quote) ?? "null"),"
        // Where its QR code is (GET /v1/qr), on this server.
        out += "\"qr\":\(url.map { JSONEscaping.quote(QREndpoints.url(of: $0)) } ?? "null"),"
        out += "\"link\":\(JSONEscaping.quote(link.link)),"
        out += "\"createdAt\":\(JSONEscaping.quote(RFC3339.string(link.createdAt))),"
        out += "\"expiresAt\":\(link.expiresAt.map { JSONEscaping.quote(RFC3339.string($0)) } ?? "null")"
        if let now {
            out += ",\"expired\":\(link.isExpired(at: now)),\"clicks\":\(link.clicks)"
            out += ",\"visits\":{\"human\":\(visits.human),\"preview\":\(visits.preview),\"bot\":\(visits.bot)}"
        }
        return out + "}"
    }
}
