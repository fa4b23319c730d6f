import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkText

extension ConsoleEndpoints {
    /// `GET /console/links?q&tag&cursor[&route]`: one page of short links, oldest first, as the
    /// listing API pages them (`GET /v1/short-links`: the store's keyset listing, a tag through
    /// its index, so a page costs its own rows at 100,000 links), each linked to its page; the
    /// form that makes one (`route` picks the route whose parameters the form asks for) and the
    /// one that imports a CSV, each for a session that may use it.
    /// A wrong `q`, `tag` or `cursor` is the page with the API's sentence (400).
    package func linksPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        showLinks(request, session: session, item: { request.queryItem($0) }, batchError: nil, status: nil, responder)
    }

    /// The Links page for the filter and cursor `item` gives (the page's query, or a refused
    /// batch's form), with the batch form's refusal and its `status` when there is one.
    func showLinks(_ request: HTTPRequest, session: ConsoleSession, item: @escaping @Sendable (String) -> String?,
                   batchError: ConsoleFieldError?, status: HTTPStatus?, _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        listLinks(item, by: caller) { [self] list in
            let createForm = session.may(.createShortLink)
                ? ConsoleLinkCreateForm(table: routes.value, route: request.queryItem("route"), entered: ConsoleForm(body: []), error: nil,
                                        formToken: session.formToken)
                : nil
            let importForm = session.may(.importShortLinks) ? ConsoleLinkImportForm(formToken: session.formToken) : nil
            let q = item("q") ?? "", tag = item("tag") ?? ""
            let batchForm = session.may(.updateShortLink) || session.may(.deleteShortLink)
                ? ConsoleLinkBatchForm(q: q, tag: tag, entered: batchError == nil ? ConsoleForm(body: []) : ConsoleForm(body: request.body),
                                       error: batchError, session: session)
                : nil
            // The list's "expired" is measured by the wall clock, as it always was (not `clock`).
            let view = ConsoleLinksView(listing: list, q: q, tag: tag, hasCursor: item("cursor") != nil, now: Date(),
                                        resolves: { [table = routes.value] target in (try? table.resolve(target)) != nil },
                                        createForm: createForm, importForm: importForm, batchForm: batchForm, refusedStatus: status)
            // A refused batch shows its error summary, never the banner of an earlier change.
            let banner = batchError == nil ? ConsoleBanner(query: request.queryItem) : nil
            responder.respond(view.response(session: session, banner: banner))
        }
    }

    /// One page of the API's default size for the page's `q`, `tag` and `cursor` (an empty one
    /// left out), read as the listing API reads them (the same sentences for a wrong one).
    private func listLinks(_ item: (String) -> String?, by caller: OperatorCaller,
                           completion: @escaping @Sendable (Result<ShortLinkOperations.Page, OperationError>) -> Void) {
        let query: (cursor: Int64?, limit: Int, filter: ShortLinkFilter)
        do {
            query = try ShortLinkOperations.listing { name in
                guard ["q", "tag", "cursor"].contains(name), let value = item(name), !value.isEmpty else { return nil }
                return String(value.prefix(256))
            }
        } catch {
            return completion(.failure(OperationError(error)))
        }
        links.list(after: query.cursor, limit: query.limit, filter: query.filter, by: caller, completion: completion)
    }

    /// What a row of the list shows at most of a link's title, its target and its tags (the
    /// link's page shows them whole): 50 rows of the longest stay within a 60 KB page.
    package static let listedTitleCharacters = 40
    package static let listedLinkCharacters = 60
    package static let listedTags = 3

    /// `text`, cut to `limit` characters with "…" when longer.
    package static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    /// The path of one link's page (`code` is a checked code: letters, digits, `-` and `_`).
    package static func linkPath(_ code: String) -> String {
        ConsoleSection.links.path + "/" + LinkPrinter.encodeSegment(code)
    }

    /// `POST /console/links` (`link` or `route` with `parameter.NAME`…; `alias`, `expiresAt`,
    /// `title`, `tags`; the link's own settings, `preview.title`…, `fallbacks.desktop`…,
    /// `skipPage`, `campaign.utm_source`…, those left empty unset): read by the API's own rules (`ShortLinkRequest`), then
    /// `ShortLinkOperations.create` (its checks and audit entry); 303 to the new link's page, or
    /// the list with the form again and the operation's sentence.
    package func createLink(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let route = form["route"].flatMap { $0.isEmpty ? nil : $0 }
        let refuse: @Sendable (String, HTTPStatus) -> Void = { [routes] sentence, status in
            let createForm = ConsoleLinkCreateForm(table: routes.value, route: route, entered: form, error: sentence, formToken: session.formToken)
            responder.respond(ConsoleLinksView(refusing: createForm, status: status).response(session: session))
        }
        let link: String
        if let route {
            var texts: [String: String] = [:]
            for field in form.fields where field.name.hasPrefix("parameter.") { texts[String(field.name.dropFirst(10))] = field.value }
            guard let composed = routes.value.link(route: route, texts: texts) else {
                return refuse(routes.value.parameterFields(route: route) == nil
                              ? "No route is named '\(route.prefix(200))' in the route table in force; choose one from the list."
                              : "Fill in every parameter that is not optional.", .badRequest)
            }
            link = composed
        } else {
            link = form["link"]?.trimmingCharacters(in: .whitespaces) ?? ""
        }
        var members: [(key: String, value: JSONValue)] = [("link", .string(link))]
        if let alias = form["alias"]?.trimmingCharacters(in: .whitespaces), !alias.isEmpty { members.append(("alias", .string(alias))) }
        if let expiry = form["expiresAt"], !expiry.isEmpty { members.append(("expiresAt", .string(Self.instant(fromLocal: expiry)))) }
        if let title = form["title"], !title.isEmpty { members.append(("title", .string(title))) }
        let tags = Self.tags(form)
        if !tags.isEmpty { members.append(("tags", .array(tags))) }
        members += ConsoleLinkSettingsFields.members(form)
        let parsed: ShortLinkRequest
        do {
            parsed = try ShortLinkRequest(document: .object(members))
        } catch {
            return refuse(error.detail, error.status)
        }
        links.create(parsed, by: caller) { result in
            switch result {
            case .success(let made):
                let code = made.code.rawValue
                responder.respond(ConsoleHeaders.redirect(to: ConsoleBanner(.linkCreated, subject: code).redirect(to: Self.linkPath(code))))
            case .failure(let error): refuse(error.problem.detail, error.problem.status)
            }
        }
    }

    /// The form's `tags` field (separated by spaces or commas) as the API's `tags` member.
    package static func tags(_ form: ConsoleForm) -> [JSONValue] {
        (form["tags"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map { .string(String($0)) }
    }

    /// An RFC 3339 instant from a `datetime-local` field's value (`2026-12-21T18:20`, read as
    /// UTC); any other text as it is, for the API to accept or refuse with its sentence.
    package static func instant(fromLocal text: String) -> String {
        let utf8 = Array(text.utf8)
        let isLocal = (utf8.count == 16 || utf8.count == 19) && utf8[10] == UInt8(ascii: "T")
            && !text.contains("Z") && !text.dropFirst(10).contains("+") && !text.dropFirst(10).contains("-")
        guard isLocal else { return text }
        return text + (utf8.count == 16 ? ":00Z" : "Z")
    }
}
