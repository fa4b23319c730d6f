import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

extension ConsoleEndpoints {
    /// `GET /console/links?q&tag&cursor[&route]`: one page of short links, oldest first, as the
    /// listing API pages them (`GET /v1/short-links`: the store's keyset listing, a tag through
    /// its index, so a page costs its own rows at 100,000 links), each linked to its page; the
    /// form that makes one (`route` picks the route whose parameters the form asks for) and the
    /// one that imports a CSV, each for a session that may use it.
    /// A wrong `q`, `tag` or `cursor` is the page with the API's sentence (400).
    func linksPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        listLinks(request, by: caller) { [self] list in
            var page = ConsolePage(title: ConsoleSection.links.title, section: .links, session: session)
            let status = Self.writeLinkList(list, request: request, into: &page.html)
            if session.may(.createShortLink) {
                writeCreateForm(ConsoleForm(body: []), route: request.queryItem("route"), error: nil, formToken: session.formToken,
                                into: &page.html)
            }
            if session.may(.importShortLinks) {
                Self.writeImportForm(csv: "", atomic: false, error: nil, formToken: session.formToken, into: &page.html)
            }
            responder.respond(page.response(status: status))
        }
    }

    /// One page of the API's default size for the page's `q`, `tag` and `cursor` (an empty one
    /// left out), read as the listing API reads them (the same sentences for a wrong one).
    private func listLinks(_ request: HTTPRequest, by caller: OperatorCaller,
                           completion: @escaping @Sendable (Result<ShortLinkOperations.Page, OperationError>) -> Void) {
        let query: (cursor: Int64?, limit: Int, filter: ShortLinkFilter)
        do {
            query = try ShortLinkOperations.listing { name in
                guard ["q", "tag", "cursor"].contains(name), let value = request.queryItem(name), !value.isEmpty else { return nil }
                return String(value.prefix(256))
            }
        } catch {
            return completion(.failure(OperationError(error)))
        }
        links.list(after: query.cursor, limit: query.limit, filter: query.filter, by: caller, completion: completion)
    }

    /// The search form, the table of one page and the link to the next; answers the page's status.
    private static func writeLinkList(_ result: Result<ShortLinkOperations.Page, OperationError>, request: HTTPRequest,
                                      into html: inout HTMLDocument) -> HTTPStatus {
        let q = request.queryItem("q") ?? "", tag = request.queryItem("tag") ?? ""
        html.open("form", attributes: [(name: "method", value: "get"), (name: "action", value: ConsoleSection.links.path),
                                       (name: "role", value: "search")])
        html.element("label", text: "Search codes, links and titles", attributes: [(name: "for", value: "links-q")])
        html.open("input", attributes: [(name: "type", value: "search"), (name: "id", value: "links-q"), (name: "name", value: "q"),
                                        (name: "value", value: q), (name: "maxlength", value: String(ShortLinkFilter.maximumTextBytes))])
        html.element("label", text: "Tag", attributes: [(name: "for", value: "links-tag")])
        html.open("input", attributes: [(name: "type", value: "text"), (name: "id", value: "links-tag"), (name: "name", value: "tag"),
                                        (name: "value", value: tag)])
        html.open("p")
        html.element("button", text: "Search", attributes: [(name: "type", value: "submit")])
        html.close("p")
        html.close("form")
        let listed: ShortLinkOperations.Page
        switch result {
        case .success(let page): listed = page
        case .failure(let error):
            html.element("p", text: error.problem.detail, attributes: [(name: "class", value: "error"), (name: "role", value: "alert")])
            return error.problem.status
        }
        let filtered = !q.isEmpty || !tag.isEmpty
        guard !listed.links.isEmpty else {
            html.element("p", text: filtered ? "No link matches." : "No short links yet: make one below.")
            return .ok
        }
        html.openTable(caption: filtered ? "Links that match, oldest first" : "Short links, oldest first",
                       headings: ["Code", "Title", "Target", "Tags", "Expires", "Human visits", "Clicks"])
        let now = Date()
        for counted in listed.links {
            let link = counted.link
            let code = link.code.rawValue
            html.open("tr")
            html.open("th", attributes: [(name: "scope", value: "row")])
            html.element("a", text: code, attributes: [(name: "href", value: linkPath(code))])
            html.close("th")
            html.element("td", text: shortened(link.title ?? "", to: listedTitleCharacters))
            html.element("td", text: shortened(link.link, to: listedLinkCharacters))
            html.open("td")
            let tags = link.tags.map(\.rawValue)
            for (index, tag) in tags.prefix(listedTags).enumerated() {
                if index > 0 { html.text(" ") }
                html.element("a", text: tag, attributes: [(name: "href", value: ConsoleSection.links.path + "?" + encode([("tag", tag)]))])
            }
            if tags.count > listedTags { html.text(" and \(tags.count - listedTags) more") }
            html.close("td")
            html.element("td", text: (link.expiresAt.map { RFC3339.string($0) } ?? "never") + (link.isExpired(at: now) ? " (expired)" : ""))
            html.element("td", text: String(counted.visits.human), attributes: [(name: "class", value: "number")])
            html.element("td", text: String(link.clicks), attributes: [(name: "class", value: "number")])
            html.close("tr")
        }
        html.closeTable()
        var paging: [(String, String)] = []
        if !q.isEmpty { paging.append(("q", q)) }
        if !tag.isEmpty { paging.append(("tag", tag)) }
        html.open("p")
        if request.queryItem("cursor") != nil {
            html.element("a", text: "First page", attributes: [(name: "href", value: ConsoleSection.links.path + (paging.isEmpty ? "" : "?" + encode(paging)))])
            html.text(" ")
        }
        if let next = listed.nextCursor {
            html.element("a", text: "Next page", attributes: [(name: "href", value: ConsoleSection.links.path + "?" + encode(paging + [("cursor", String(next))])),
                                                              (name: "rel", value: "next")])
        }
        html.close("p")
        return .ok
    }

    /// What a row of the list shows at most of a link's title, its target and its tags (the
    /// link's page shows them whole): 50 rows of the longest stay within a 60 KB page.
    static let listedTitleCharacters = 40
    static let listedLinkCharacters = 60
    static let listedTags = 3

    /// `text`, cut to `limit` characters with "…" when longer.
    static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    /// The path of one link's page (`code` is a checked code: letters, digits, `-` and `_`).
    static func linkPath(_ code: String) -> String {
        ConsoleSection.links.path + "/" + LinkPrinter.encodeSegment(code)
    }

    /// The form that makes a short link: a link, or a route and its parameters (for `route`,
    /// chosen by a GET form first, so no script is needed); alias, expiry, title and tags.
    /// `form` holds what was entered when `error` says why it was refused.
    func writeCreateForm(_ form: ConsoleForm, route: String?, error: String?, formToken: String, into html: inout HTMLDocument) {
        let table = routes.value
        html.element("h2", text: "Make a short link", attributes: [(name: "id", value: "create")])
        if let error {
            html.element("p", text: error, attributes: [(name: "class", value: "error"), (name: "id", value: "create-error"),
                                                        (name: "role", value: "alert")])
        }
        let fields = route.flatMap { table.parameterFields(route: $0) }
        html.open("form", attributes: [(name: "method", value: "get"), (name: "action", value: ConsoleSection.links.path + "#create")])
        html.element("label", text: "Route (to fill in its parameters instead of typing a link)", attributes: [(name: "for", value: "create-route")])
        html.open("select", attributes: [(name: "id", value: "create-route"), (name: "name", value: "route")])
        html.element("option", text: "(type a link)", attributes: [(name: "value", value: "")])
        for summary in table.summaries {
            var attributes: [(name: StaticString, value: String)] = [(name: "value", value: summary.name)]
            if summary.name == route { attributes.append((name: "selected", value: "selected")) }
            html.element("option", text: "\(summary.name): \(summary.pattern)", attributes: attributes)
        }
        html.close("select")
        html.open("p")
        html.element("button", text: "Choose the route", attributes: [(name: "type", value: "submit")])
        html.close("p")
        html.close("form")

        html.open("form", attributes: [(name: "method", value: "post"), (name: "action", value: ConsoleSection.links.path)])
        ConsolePage.formTokenField(formToken, into: &html)
        var describedBy: [(name: StaticString, value: String)] = []
        if error != nil { describedBy.append((name: "aria-describedby", value: "create-error")) }
        if let route, let fields {
            html.open("input", attributes: [(name: "type", value: "hidden"), (name: "name", value: "route"), (name: "value", value: route)])
            html.open("fieldset")
            html.element("legend", text: "Parameters of \(route), as they appear in a link")
            if fields.isEmpty { html.element("p", text: "This route has no parameters.") }
            for (index, field) in fields.enumerated() {
                let id = "create-parameter-\(index)"
                html.element("label", text: "\(field.name) (\(field.typeName)\(field.isOptional ? ", optional" : ""))",
                             attributes: [(name: "for", value: id)])
                var attributes: [(name: StaticString, value: String)] = [
                    (name: "type", value: "text"), (name: "id", value: id), (name: "name", value: "parameter." + field.name),
                    (name: "value", value: form["parameter." + field.name] ?? ""),
                ]
                if !field.isOptional { attributes.append((name: "required", value: "required")) }
                html.open("input", attributes: attributes + describedBy)
            }
            html.close("fieldset")
        } else {
            html.element("label", text: "Link (https or \(table.schemes.first ?? "app") scheme; it must resolve)", attributes: [(name: "for", value: "create-link")])
            html.open("input", attributes: [(name: "type", value: "text"), (name: "id", value: "create-link"), (name: "name", value: "link"),
                                            (name: "value", value: form["link"] ?? ""), (name: "required", value: "required"),
                                            (name: "spellcheck", value: "false")] + describedBy)
        }
        for (name, label, type) in [("alias", "Alias (optional: A-Z a-z 0-9 - _, up to 64; a random code otherwise)", "text"),
                                    ("expiresAt", "Expires (optional, UTC)", "datetime-local"),
                                    ("title", "Title (optional)", "text"),
                                    ("tags", "Tags (optional, separated by spaces: a-z 0-9 - _)", "text")] {
            html.element("label", text: label, attributes: [(name: "for", value: "create-\(name)")])
            html.open("input", attributes: [(name: "type", value: type), (name: "id", value: "create-\(name)"), (name: "name", value: name),
                                            (name: "value", value: form[name] ?? "")])
        }
        html.open("p")
        html.element("button", text: "Make the short link", attributes: [(name: "type", value: "submit")])
        html.close("p")
        html.close("form")
    }

    /// `POST /console/links` (`link` or `route` with `parameter.NAME`…; `alias`, `expiresAt`,
    /// `title`, `tags`): read by the API's own rules (`ShortLinkRequest`), then
    /// `ShortLinkOperations.create` (its checks and audit entry); 303 to the new link's page, or
    /// the list with the form again and the operation's sentence.
    func createLink(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let route = form["route"].flatMap { $0.isEmpty ? nil : $0 }
        let refuse: @Sendable (String, HTTPStatus) -> Void = { [self] sentence, status in
            var page = ConsolePage(title: ConsoleSection.links.title, section: .links, session: session)
            page.html.element("p", text: "The short link was not made: see the form below.", attributes: [(name: "class", value: "error")])
            writeCreateForm(form, route: route, error: sentence, formToken: session.formToken, into: &page.html)
            responder.respond(page.response(status: status))
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
        let parsed: ShortLinkRequest
        do {
            parsed = try ShortLinkRequest(document: .object(members))
        } catch {
            return refuse(error.detail, error.status)
        }
        links.create(parsed, by: caller) { result in
            switch result {
            case .success(let made): responder.respond(ConsoleHeaders.redirect(to: Self.linkPath(made.code.rawValue)))
            case .failure(let error): refuse(error.problem.detail, error.problem.status)
            }
        }
    }

    /// The form's `tags` field (separated by spaces or commas) as the API's `tags` member.
    static func tags(_ form: ConsoleForm) -> [JSONValue] {
        (form["tags"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map { .string(String($0)) }
    }

    /// An RFC 3339 instant from a `datetime-local` field's value (`2026-12-21T18:20`, read as
    /// UTC); any other text as it is, for the API to accept or refuse with its sentence.
    static func instant(fromLocal text: String) -> String {
        let utf8 = Array(text.utf8)
        let isLocal = (utf8.count == 16 || utf8.count == 19) && utf8[10] == UInt8(ascii: "T")
            && !text.contains("Z") && !text.dropFirst(10).contains("+") && !text.dropFirst(10).contains("-")
        guard isLocal else { return text }
        return text + (utf8.count == 16 ? ":00Z" : "Z")
    }
}
