import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

extension ShortLinkEndpoints {
    /// `POST /v1/short-links`: 201 with `{"code","url","qr","link","createdAt","expiresAt","title","tags"}`.
    func create(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let table = routes.value
        guard !table.hosts.isEmpty else { return responder.respond(ShortLinkProblems.noHTTPSHost.response()) }
        let now = clock.now()
        let parsed = try ShortLinkRequest(body: request.body)
        let route: String?
        switch Self.checkTarget(parsed.link, expiresAt: parsed.expiresAt, table: table, now: now) {
        case .success(let name): route = name
        case .failure(let problem): return responder.respond(problem.response())
        }
        guard let idempotency else {
            return insert(parsed, route: route, createdAt: now, request: request, responder: responder, recorder: nil, attempt: 1)
        }
        idempotency.run(request, scope: IdempotencyGate.adminScope(request), route: "POST \(Self.collectionPattern)", responder) { recorder in
            insert(parsed, route: route, createdAt: now, request: request, responder: responder, recorder: recorder, attempt: 1)
        }
    }

    /// The checks a target and an expiry pass on creation, on a change and on each imported
    /// row: the expiry is after `now` (422), the link is not itself a short link (422), and it
    /// resolves with the route table in force (422 with the resolve problem). Answers the name
    /// of the route it resolves to.
    static func checkTarget(_ link: String, expiresAt: Date?, table: RouteTable, now: Date) -> Result<String?, HTTPProblem> {
        if let expiresAt, expiresAt <= now { return .failure(ShortLinkProblems.expiryInPast(expiresAt)) }
        guard ShortCode.codeText(inShortLink: link, hosts: table.hosts) == nil else {
            return .failure(ShortLinkProblems.targetIsShortLink)
        }
        do {
            _ = try table.resolve(link, format: .navigationPath)
            return .success(try table.routeName(of: link))
        } catch {
            return .failure(ShortLinkProblems.targetDoesNotResolve(error))
        }
    }

    /// Stores the link under its alias or a new random code. A random code that is taken (a
    /// collision of 72-bit codes, not expected) is drawn again, once.
    private func insert(_ parsed: ShortLinkRequest, route: String?, createdAt: Date, request: HTTPRequest, responder: HTTPResponder,
                        recorder: IdempotencyGate.Recorder?, attempt: Int) {
        let link = ShortLink(code: parsed.alias ?? .random(), link: parsed.link, createdAt: createdAt, expiresAt: parsed.expiresAt,
                             route: route, title: parsed.title, tags: parsed.tags)
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

    /// `GET /v1/short-links?limit=N&cursor=C&tag=TAG&q=TEXT`: one page, oldest first, of the
    /// links with the tag and containing the text (`ShortLinkFilter`), with each link's clicks
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
        var filter = ShortLinkFilter.all
        if let text = request.queryItem("tag") {
            do {
                filter.tag = try ShortLinkTag(text)
            } catch {
                return responder.respond(ShortLinkProblems.invalidQuery("tag takes one tag: \(error.description)").response())
            }
        }
        if let text = request.queryItem("q"), !text.isEmpty {
            guard text.utf8.count <= ShortLinkFilter.maximumTextBytes else {
                return responder.respond(ShortLinkProblems.invalidQuery(
                    "q is \(text.utf8.count) bytes long; search for at most \(ShortLinkFilter.maximumTextBytes).").response())
            }
            filter.text = text
        }
        let now = clock.now()
        store.shortLinks(after: cursor, limit: limit, filter: filter) { [routes] result in
            switch result {
            case .success(let listing):
                withVisits(of: listing.links, responder) { totals in
                    let table = routes.value
                    let items = listing.links.map { link in
                        Self.json(link, table: table, now: now, visits: totals[AnalyticsScope.link(link.code).key] ?? AnalyticsCounts())
                    }.joined(separator: ",")
                    let next = listing.nextCursor.map { JSONEscaping.quote(String($0)) } ?? "null"
                    responder.respond(Self.noStore(.json("{\"shortLinks\":[\(items)],\"nextCursor\":\(next)}")))
                }
            case .failure(let error):
                responder.respond(ShortLinkProblems.store(error))
            }
        }
    }

    /// `GET /v1/short-links/{code}`: the link as an item of the listing, with its `ETag`; 404
    /// when no link has the code.
    func show(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let code = try? ShortCode(request.pathParameters["code"] ?? "") else {
            return responder.respond(ShortLinkProblems.notFound.response())
        }
        let now = clock.now()
        store.shortLink(code: code, countingClickAt: nil) { [routes] result in
            switch result {
            case .success(let link?):
                withVisits(of: [link], responder) { totals in
                    let visits = totals[AnalyticsScope.link(link.code).key] ?? AnalyticsCounts()
                    responder.respond(Self.tagged(.json(Self.json(link, table: routes.value, now: now, visits: visits)), link))
                }
            case .success(nil):
                responder.respond(ShortLinkProblems.notFound.response())
            case .failure(let error):
                responder.respond(ShortLinkProblems.store(error))
            }
        }
    }

    /// How many times in all a change is tried when another caller's change lands between its
    /// read and its write (each try reads the link again, checks `If-Match` against it and makes
    /// the change on top of it); clicks do not count as changes.
    static let updateAttempts = 3

    /// `PATCH /v1/short-links/{code}`: a merge patch of `link`, `expiresAt`, `title` and `tags`
    /// (`ShortLinkChangeRequest`); 200 with the link as `GET` answers it. A new link or expiry
    /// is checked as on creation (422). With `If-Match`, only while the link's `ETag` is one
    /// of those named (412 with the current `ETag` otherwise).
    ///
    /// Order of checks: the media type (415) → the body (400) → `If-Match`'s syntax (400) → the
    /// link exists (404) → `If-Match` (412) → the new target and expiry (422).
    func update(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        if let type = request.headers["Content-Type"] {
            let essence = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard essence == "application/merge-patch+json" || essence == "application/json" else {
                return responder.respond(ShortLinkProblems.unsupportedMediaType(
                    type, accepted: "application/merge-patch+json (or application/json)").response())
            }
        }
        let change = try ShortLinkChangeRequest(body: request.body)
        let condition: EntityTagCondition?
        do {
            condition = try EntityTagCondition.parse(request.headers.values(named: "If-Match"))
        } catch {
            return responder.respond(ShortLinkProblems.invalidCondition(error).response())
        }
        guard let code = try? ShortCode(request.pathParameters["code"] ?? "") else {
            return responder.respond(ShortLinkProblems.notFound.response())
        }
        apply(change, to: code, condition: condition, request, responder, attempt: 1)
    }

    /// Reads the link, applies the change and writes it if the link is still at the revision
    /// read; when it is not, reads again (at most `updateAttempts` times in all).
    private func apply(_ change: ShortLinkChangeRequest, to code: ShortCode, condition: EntityTagCondition?,
                       _ request: HTTPRequest, _ responder: HTTPResponder, attempt: Int) {
        store.shortLink(code: code, countingClickAt: nil) { [routes, clock, store, audit] result in
            let current: ShortLink
            switch result {
            case .success(let link?): current = link
            case .success(nil): return responder.respond(ShortLinkProblems.notFound.response())
            case .failure(let error): return responder.respond(ShortLinkProblems.store(error))
            }
            let tag = EntityTag.shortLink(revision: current.revision)
            if let condition, !Precondition(ifMatch: condition).isSatisfied(by: tag) {
                return responder.respond(ShortLinkProblems.preconditionFailed(current: tag).response(headers: ["ETag": tag.headerValue]))
            }
            var changed = change.applied(to: current)
            let now = clock.now()
            let table = routes.value
            if change.link != nil || change.expiresAt != nil {
                // An expiry kept as it was is not checked again: a link may be retitled after it expired.
                let expiry = change.expiresAt != nil ? changed.expiresAt : nil
                switch Self.checkTarget(changed.link, expiresAt: expiry, table: table, now: now) {
                case .success(let route): changed.route = route
                case .failure(let problem): return responder.respond(problem.response())
                }
            }
            store.updateShortLink(changed, expectedRevision: current.revision, at: now) { result in
                switch result {
                case .success(let stored):
                    audit.record(request, action: "short_link.updated", subject: "link:\(code.rawValue)", detail: change.auditDetail) {
                        self.withVisits(of: [stored], responder) { totals in
                            let visits = totals[AnalyticsScope.link(stored.code).key] ?? AnalyticsCounts()
                            responder.respond(Self.tagged(.json(Self.json(stored, table: routes.value, now: now, visits: visits)), stored))
                        }
                    }
                case .failure(.revisionChanged) where attempt < Self.updateAttempts:
                    self.apply(change, to: code, condition: condition, request, responder, attempt: attempt + 1)
                case .failure(let error):
                    responder.respond(ShortLinkProblems.store(error))
                }
            }
        }
    }

    /// Calls `answer` with the links' visit totals (empty without analytics), or answers the
    /// analytics store's failure.
    func withVisits(of links: [ShortLink], _ responder: HTTPResponder,
                    _ answer: @escaping @Sendable ([String: AnalyticsCounts]) -> Void) {
        guard let analyticsStore, !links.isEmpty else { return answer([:]) }
        analyticsStore.analyticsTotals(scopes: links.map { AnalyticsScope.link($0.code).key }) { totals in
            switch totals {
            case .success(let totals): answer(totals)
            case .failure(let error): responder.respond(error.response)
            }
        }
    }

    /// An admin answer no cache keeps.
    static func noStore(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// An answer about one link, with its `ETag` (`If-Match` of a `PATCH`), never cached.
    static func tagged(_ response: HTTPResponse, _ link: ShortLink) -> HTTPResponse {
        var response = noStore(response)
        response.headers.set("ETag", EntityTag.shortLink(revision: link.revision).headerValue)
        return response
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

    /// One link as JSON, with the path of its QR code (`qr`), its `title` (null for none) and
    /// `tags`. With `now` (the listing, one link, a change), also `clicks`, whether it has
    /// `expired`, and its `visits` by class.
    static func json(_ link: ShortLink, table: RouteTable, now: Date?, visits: AnalyticsCounts = AnalyticsCounts()) -> String {
        var out = "{\"code\":\(JSONEscaping.quote(link.code.rawValue)),"
        let url = url(of: link.code, table: table)
        out += "\"url\":\(url.map(JSONEscaping.quote) ?? "null"),"
        // Where its QR code is (GET /v1/qr), on this server.
        out += "\"qr\":\(url.map { JSONEscaping.quote(QREndpoints.url(of: $0)) } ?? "null"),"
        out += "\"link\":\(JSONEscaping.quote(link.link)),"
        out += "\"createdAt\":\(JSONEscaping.quote(RFC3339.string(link.createdAt))),"
        out += "\"expiresAt\":\(link.expiresAt.map { JSONEscaping.quote(RFC3339.string($0)) } ?? "null"),"
        out += "\"title\":\(link.title.map(JSONEscaping.quote) ?? "null"),"
        out += "\"tags\":[\(link.tags.map { JSONEscaping.quote($0.rawValue) }.joined(separator: ","))]"
        if let now {
            out += ",\"expired\":\(link.isExpired(at: now)),\"clicks\":\(link.clicks)"
            out += ",\"visits\":{\"human\":\(visits.human),\"preview\":\(visits.preview),\"bot\":\(visits.bot)}"
        }
        return out + "}"
    }
}
