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
        html.element("form", attributes: ["method": "get", "action": ConsoleSection.links.path, "role": "search"]) { html in
            html.element("label", text: "Search codes, links and titles", attributes: ["for": "links-q"])
            html.void(.input, attributes: ["type": "search", "id": "links-q", "name": "q",
                                           "value": q, "maxlength": String(ShortLinkFilter.maximumTextBytes)])
            html.element("label", text: "Tag", attributes: ["for": "links-tag"])
            html.void(.input, attributes: ["type": "text", "id": "links-tag", "name": "tag", "value": tag])
            html.element("p") { html in
                html.element("button", text: "Search", attributes: ["type": "submit"])
            }
        }
        let listed: ShortLinkOperations.Page
        switch result {
        case .success(let page): listed = page
        case .failure(let error):
            html.element("p", text: error.problem.detail, attributes: ["class": "error", "role": "alert"])
            return error.problem.status
        }
        let filtered = !q.isEmpty || !tag.isEmpty
        guard !listed.links.isEmpty else {
            html.element("p", text: filtered ? "No link matches." : "No short links yet: make one below.")
            return .ok
        }
        html.table(caption: filtered ? "Links that match, oldest first" : "Short links, oldest first",
                   headings: ["Code", "Title", "Target", "Tags", "Expires", "Human visits", "Clicks"]) { html in
            let now = Date()
            for counted in listed.links {
                let link = counted.link
                let code = link.code.rawValue
                html.element("tr") { html in
                    html.element("th", attributes: ["scope": "row"]) { html in
                        html.element("a", text: code, attributes: ["href": linkPath(code)])
                    }
                    html.element("td", text: shortened(link.title ?? "", to: listedTitleCharacters))
                    html.element("td", text: shortened(link.link, to: listedLinkCharacters))
                    html.element("td") { html in
                        let tags = link.tags.map(\.rawValue)
                        for (index, tag) in tags.prefix(listedTags).enumerated() {
                            if index > 0 { html.text(" ") }
                            html.element("a", text: tag, attributes: ["href": ConsoleSection.links.path + "?" + encode([("tag", tag)])])
                        }
                        if tags.count > listedTags { html.text(" and \(tags.count - listedTags) more") }
                    }
                    html.element("td", text: (link.expiresAt.map { RFC3339.string($0) } ?? "never") + (link.isExpired(at: now) ? " (expired)" : ""))
                    html.element("td", text: String(counted.visits.human), attributes: ["class": "number"])
                    html.element("td", text: String(link.clicks), attributes: ["class": "number"])
                }
            }
        }
        var paging: [(String, String)] = []
        if !q.isEmpty { paging.append(("q", q)) }
        if !tag.isEmpty { paging.append(("tag", tag)) }
        html.element("p") { html in
            if request.queryItem("cursor") != nil {
                html.element("a", text: "First page", attributes: ["href": ConsoleSection.links.path + (paging.isEmpty ? "" : "?" + encode(paging))])
                html.text(" ")
            }
            if let next = listed.nextCursor {
                html.element("a", text: "Next page",
                             attributes: ["href": ConsoleSection.links.path + "?" + encode(paging + [("cursor", String(next))]), "rel": "next"])
            }
        }
        return .ok
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

    /// The form that makes a short link: a link, or a route and its parameters (for `route`,
    /// chosen by a GET form first, so no script is needed); alias, expiry, title and tags.
    /// `form` holds what was entered when `error` says why it was refused.
    package func writeCreateForm(_ form: ConsoleForm, route: String?, error: String?, formToken: String, into html: inout HTMLDocument) {
        let table = routes.value
        html.element("h2", text: "Make a short link", attributes: ["id": "create"])
        if let error {
            html.element("p", text: error, attributes: ["class": "error", "id": "create-error", "role": "alert"])
        }
        let fields = route.flatMap { table.parameterFields(route: $0) }
        html.element("form", attributes: ["method": "get", "action": ConsoleSection.links.path + "#create"]) { html in
            html.element("label", text: "Route (to fill in its parameters instead of typing a link)", attributes: ["for": "create-route"])
            html.element("select", attributes: ["id": "create-route", "name": "route"]) { html in
                html.element("option", text: "(type a link)", attributes: ["value": ""])
                for summary in table.summaries {
                    var attributes: HTMLAttributes = ["value": summary.name]
                    if summary.name == route { attributes.append("selected", "selected") }
                    html.element("option", text: "\(summary.name): \(summary.pattern)", attributes: attributes)
                }
            }
            html.element("p") { html in
                html.element("button", text: "Choose the route", attributes: ["type": "submit"])
            }
        }

        html.element("form", attributes: ["method": "post", "action": ConsoleSection.links.path]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            var describedBy: HTMLAttributes = [:]
            if error != nil { describedBy.append("aria-describedby", "create-error") }
            if let route, let fields {
                html.void(.input, attributes: ["type": "hidden", "name": "route", "value": route])
                html.element("fieldset") { html in
                    html.element("legend", text: "Parameters of \(route), as they appear in a link")
                    if fields.isEmpty { html.element("p", text: "This route has no parameters.") }
                    for (index, field) in fields.enumerated() {
                        let id = "create-parameter-\(index)"
                        html.element("label", text: "\(field.name) (\(field.typeName)\(field.isOptional ? ", optional" : ""))",
                                     attributes: ["for": id])
                        var attributes: HTMLAttributes = [
                            "type": "text", "id": id, "name": "parameter." + field.name,
                            "value": form["parameter." + field.name] ?? "",
                        ]
                        if !field.isOptional { attributes.append("required", "required") }
                        html.void(.input, attributes: attributes + describedBy)
                    }
                }
            } else {
                html.element("label", text: "Link (https or \(table.schemes.first ?? "app") scheme; it must resolve)",
                             attributes: ["for": "create-link"])
                html.void(.input, attributes: ["type": "text", "id": "create-link", "name": "link",
                                               "value": form["link"] ?? "", "required": "required",
                                               "spellcheck": "false"] + describedBy)
            }
            for (name, label, type) in [("alias", "Alias (optional: A-Z a-z 0-9 - _, up to 64; a random code otherwise)", "text"),
                                        ("expiresAt", "Expires (optional, UTC)", "datetime-local"),
                                        ("title", "Title (optional)", "text"),
                                        ("tags", "Tags (optional, separated by spaces: a-z 0-9 - _)", "text")] {
                html.element("label", text: label, attributes: ["for": "create-\(name)"])
                html.void(.input, attributes: ["type": type, "id": "create-\(name)", "name": name, "value": form[name] ?? ""])
            }
            html.element("p") { html in
                html.element("button", text: "Make the short link", attributes: ["type": "submit"])
            }
        }
    }

    /// `POST /console/links` (`link` or `route` with `parameter.NAME`…; `alias`, `expiresAt`,
    /// `title`, `tags`): read by the API's own rules (`ShortLinkRequest`), then
    /// `ShortLinkOperations.create` (its checks and audit entry); 303 to the new link's page, or
    /// the list with the form again and the operation's sentence.
    package func createLink(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let form = ConsoleForm(body: request.body)
        let route = form["route"].flatMap { $0.isEmpty ? nil : $0 }
        let refuse: @Sendable (String, HTTPStatus) -> Void = { [self] sentence, status in
            var page = ConsolePage(title: ConsoleSection.links.title, section: .links, session: session)
            page.html.element("p", text: "The short link was not made: see the form below.", attributes: ["class": "error"])
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
