import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The JSON adapter over `ShortLinkOperations`: each handler reads its request, performs the
/// operation as the guard's caller, and writes the answer (or the operation's problem).
extension ShortLinkEndpoints {
    /// `POST /v1/short-links`: 201 with `{"code","url","qr","link","createdAt","expiresAt","title","tags"}`.
    func create(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        // Without an https host a short link has no URL: said before the body is read, as it always was.
        guard !routes.value.hosts.isEmpty else { return responder.respond(ShortLinkProblems.noHTTPSHost.response()) }
        let parsed = try ShortLinkRequest(body: request.body)
        guard let idempotency else { return create(parsed, by: caller, recorder: nil, responder) }
        idempotency.run(request, scope: IdempotencyGate.adminScope(request), route: "POST \(Self.collectionPattern)", responder) { recorder in
            self.create(parsed, by: caller, recorder: recorder, responder)
        }
    }

    /// Performs the create; with a recorder, the answer is stored with the link for retries of the same key.
    private func create(_ parsed: ShortLinkRequest, by caller: OperatorCaller, recorder: IdempotencyGate.Recorder?,
                        _ responder: HTTPResponder) {
        let table = routes.value
        var recording: (@Sendable (ShortLink) -> IdempotencyRecord?)?
        if let recorder {
            // Made from the link before it is stored, so that it can be stored with it.
            recording = { link in recorder.record(Self.created(link, table: table)) }
        }
        operations.create(parsed, by: caller, recording: recording) { result in
            switch result {
            case .success(let link):
                responder.respond(Self.created(link, table: table))
            case .failure(let error):
                recorder?.failed(error.storeFailure)
                responder.respond(error.response)
            }
        }
    }

    /// The 201 of a new link.
    private static func created(_ link: ShortLink, table: RouteTable) -> HTTPResponse {
        HTTPResponse.created(json: json(link, table: table, now: nil), location: table.shortLinkURL(of: link.code))
    }

    /// `GET /v1/short-links?limit=N&cursor=C&tag=TAG&q=TEXT`: one page, oldest first, of the
    /// links with the tag and containing the text (`ShortLinkFilter`), with each link's clicks
    /// and its visits since it was made by class (`visits: {human, preview, bot}`, flushed counts).
    func list(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let (cursor, limit, filter) = try ShortLinkOperations.listing(request.queryItem)
        let now = clock.now()
        operations.list(after: cursor, limit: limit, filter: filter, by: caller) { [routes] result in
            switch result {
            case .success(let page):
                let table = routes.value
                responder.respond(Self.noStore(.json(.object([
                    ("shortLinks", .array(page.links.map { Self.json($0.link, table: table, now: now, visits: $0.visits) })),
                    ("nextCursor", page.nextCursor.map { .string(String($0)) } ?? .null),
                ]))))
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// `GET /v1/short-links/{code}`: the link as an item of the listing, with its `ETag`; 404
    /// when no link has the code.
    func show(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        let now = clock.now()
        operations.get(code: try? ShortCode(request.pathParameters["code"] ?? ""), by: caller) { [routes] result in
            switch result {
            case .success(let counted):
                responder.respond(Self.tagged(.json(Self.json(counted.link, table: routes.value, now: now, visits: counted.visits)), counted.link))
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// `PATCH /v1/short-links/{code}`: a merge patch of `link`, `expiresAt`, `title` and `tags`
    /// (`ShortLinkChangeRequest`); 200 with the link as `GET` answers it. A new link or expiry
    /// is checked as on creation (422). With `If-Match`, only while the link's `ETag` is one
    /// of those named (412 with the current `ETag` otherwise).
    ///
    /// Order of checks: the media type (415) → the body (400) → `If-Match`'s syntax (400) → the
    /// link exists (404) → `If-Match` (412) → the new target and expiry (422).
    func update(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        if let type = request.headers["Content-Type"] {
            let essence = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard essence == "application/merge-patch+json" || essence == "application/json" else {
                throw ShortLinkProblems.unsupportedMediaType(type, accepted: "application/merge-patch+json (or application/json)")
            }
        }
        let change = try ShortLinkChangeRequest(body: request.body)
        let condition: EntityTagCondition?
        do {
            condition = try EntityTagCondition.parse(request.headers.values(named: "If-Match"))
        } catch {
            throw ShortLinkProblems.invalidCondition(error)
        }
        operations.update(code: try? ShortCode(request.pathParameters["code"] ?? ""), change, condition: condition, by: caller) { [routes, clock] result in
            switch result {
            case .success(let counted):
                let json = Self.json(counted.link, table: routes.value, now: clock.now(), visits: counted.visits)
                responder.respond(Self.tagged(.json(json), counted.link))
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }

    /// `DELETE /v1/short-links/{code}`: 204; 404 when no link has the code.
    func delete(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        operations.delete(code: try? ShortCode(request.pathParameters["code"] ?? ""), by: try OperatorCaller.of(request)) { result in
            switch result {
            case .success: responder.respond(HTTPResponse(status: .noContent))
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

    /// One link as JSON, with the path of its QR code (`qr`), its `title` (null for none) and
    /// `tags`. With `now` (the listing, one link, a change), also `clicks`, whether it has
    /// `expired`, and its `visits` by class.
    static func json(_ link: ShortLink, table: RouteTable, now: Date?, visits: AnalyticsCounts = AnalyticsCounts()) -> JSONValue {
        let url = table.shortLinkURL(of: link.code)
        var members: [(key: String, value: JSONValue)] = [
            ("code", .string(link.code.rawValue)), ("url", url.map { .string($0) } ?? .null),
            // Where its QR code is (GET /v1/qr), on this server.
            ("qr", url.map { .string(QREndpoints.url(of: $0)) } ?? .null),
            ("link", .string(link.link)), ("createdAt", .string(RFC3339.string(link.createdAt))),
            ("expiresAt", link.expiresAt.map { .string(RFC3339.string($0)) } ?? .null),
            ("title", link.title.map { .string($0) } ?? .null), ("tags", .array(link.tags.map { .string($0.rawValue) })),
        ]
        members += link.settings.json.objectMembers ?? []
        if let now {
            members += [
                ("expired", .bool(link.isExpired(at: now))), ("clicks", .number(String(link.clicks))),
                ("visits", .object([("human", .number(String(visits.human))), ("preview", .number(String(visits.preview))),
                                    ("bot", .number(String(visits.bot)))])),
            ]
        }
        return .object(members)
    }
}
