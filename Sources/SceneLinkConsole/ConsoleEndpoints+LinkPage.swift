import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkText

extension ConsoleEndpoints {
    package static let linkPattern = "/console/links/{code}"
    package static let linkQRPattern = "/console/links/{code}/qr.svg"
    package static let linkExpiryPattern = "/console/links/{code}/expiry"
    package static let linkDeletePattern = "/console/links/{code}/delete"
    package static let linkEditPattern = "/console/links/{code}/edit"

    /// `GET /console/links/{code}?from&to&tz&interval&dimension`: one short link as
    /// `GET /v1/short-links/{code}` answers it (target, title, tags, expiry, clicks, visits),
    /// where it takes each kind of visitor (`ConsoleLinkDestinations`), its QR code with a
    /// download, its analytics (scope `link:CODE`, as the Analytics page draws them), the
    /// forms that change its target, title and tags, its expiry, and the one that deletes it.
    package func linkPage(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder) else { return }
        showLink(request, session: session, notice: nil, status: .ok, responder)
    }

    /// The link's page, with `notice` (a refused change's sentence) at the top and `status`.
    private func showLink(_ request: HTTPRequest, session: ConsoleSession, notice: String?, status: HTTPStatus,
                          _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        let code = request.pathParameters["code"] ?? ""
        links.get(code: try? ShortCode(code), by: caller) { [self] result in
            let counted: ShortLinkOperations.Counted
            switch result {
            case .success(let found): counted = found
            case .failure(let error): return responder.respond(Self.linkNotFound(error))
            }
            let link = counted.link
            let scope = "link:" + code
            let query = Self.analyticsQuery(request, extra: [], scope: scope)
            let dimension = Self.analyticsDimension(request)
            let readsAnalytics = session.may(.analyticsTimeseries) && session.may(.analyticsBreakdown)
            readIf(readsAnalytics, { done in analyticsReports(query: query, dimension: dimension, by: caller) { done(($0, $1)) } }) { [self] reports in
                var page = ConsolePage(title: "Link \(code)", section: .links, session: session)
                if let notice {
                    page.html.element("p", text: notice, attributes: ["class": "error", "role": "alert", "id": "link-notice"])
                }
                page.html.element("p") { html in
                    html.element("a", text: "All links", attributes: ["href": ConsoleSection.links.path])
                }
                let expired = link.isExpired(at: clock.now())
                let url = routes.value.shortLinkURL(of: link.code)
                Self.writeLinkFacts(counted, url: url, expired: expired, into: &page.html)
                writeDestinations(of: link.link, expired: expired, into: &page.html)
                Self.writeQR(url: url, code: code, into: &page.html)
                var reportStatus = HTTPStatus.ok
                if let reports {
                    page.html.element("h2", text: "Analytics")
                    Self.writeAnalyticsForm(request, dimension: dimension, action: Self.linkPath(code), choosesScope: false, into: &page.html)
                    reportStatus = Self.writeAnalytics(timeseries: reports.0, breakdown: reports.1, query: query, dimension: dimension,
                                                       into: &page.html)
                }
                Self.writeLinkChanges(link, session: session, into: &page.html)
                // A report the query made wrong (a range, a zone) is the page's 400; any other
                // failure (analytics off) leaves the link's page a 200 that says so.
                responder.respond(page.response(status: status != .ok ? status : reportStatus.code == 400 ? .badRequest : .ok))
            }
        }
    }

    /// The answer when the link was not found (or could not be read): the console's notice page.
    private static func linkNotFound(_ error: OperationError) -> HTTPResponse {
        guard error.problem.status.code == 404 else { return notice(error, title: "Link not read") }
        return ConsolePage.notice(status: .notFound, title: "No such link", detail: "No short link has this code (it may have been deleted).")
    }

    private static func writeLinkFacts(_ counted: ShortLinkOperations.Counted, url: String?, expired: Bool, into html: inout HTMLDocument) {
        let link = counted.link, visits = counted.visits
        html.element("dl") { html in
            let tags = link.tags.map(\.rawValue)
            let facts: [(String, String)] = [
                ("Short link", url ?? "(none: the route file names no https host)"),
                ("Target link", link.link),
                ("Title", link.title ?? "(none)"),
                ("Tags", tags.isEmpty ? "(none)" : tags.joined(separator: " ")),
                ("Created", RFC3339.string(link.createdAt)),
                ("Expires", (link.expiresAt.map { RFC3339.string($0) } ?? "never") + (expired ? " (expired: it answers 410)" : "")),
                ("Clicks", String(link.clicks)),
                ("Visits since it was made", "\(visits.human) human, \(visits.preview) previews, \(visits.bot) bots"),
            ]
            for (term, value) in facts {
                html.element("dt", text: term)
                html.element("dd", text: value)
            }
        }
    }

    private func writeDestinations(of target: String, expired: Bool, into html: inout HTMLDocument) {
        let destinations = ConsoleLinkDestinations(link: target, table: routes.value,
                                                   claimLifetime: ValueParser.text(of: settings.claimLifetime))
        html.element("h2", text: "Where it goes for each kind of visitor")
        if expired {
            html.element("p", text: "The link has expired: every visitor gets 410 Gone. Below is where it went, and would go again "
                         + "with a later expiry.", attributes: ["class": "error"])
        }
        if let route = destinations.route {
            html.element("p") { html in
                html.text("Route ")
                html.element("code", text: route)
                if !destinations.stack.isEmpty { html.text("; stack \(destinations.stack)") }
            }
        }
        Self.table(caption: "What each visitor gets now, with the route table in force", headings: ["Visitor", "Gets"],
                   rows: destinations.rows.map { [$0.visitor, $0.destination] }, into: &html)
    }

    /// The QR code of the short link's URL carrying the QR marker (scans count as `qr`), with its download.
    private static func writeQR(url: String?, code: String, into html: inout HTMLDocument) {
        html.element("h2", text: "QR code")
        guard let url, let qr = try? QRCode(encoding: QRMarker.marking(url), level: QRErrorCorrectionLevel.standard) else {
            html.element("p", text: "No QR code: the route file names no https host for the short link's URL.")
            return
        }
        html.qrCode(qr, caption: QRMarker.marking(url))
        html.element("p") { html in
            html.element("a", text: "Download the QR code (SVG)", attributes: ["href": linkPath(code) + "/qr.svg",
                                                                               "download": "scenelink-\(code).svg"])
        }
    }

    /// The forms that change the target, title and tags and the expiry (with the revision read,
    /// so a change made meanwhile is not overwritten) and the delete form (with its confirmation
    /// box), each only for a session that may make the change.
    private static func writeLinkChanges(_ link: ShortLink, session: ConsoleSession, into html: inout HTMLDocument) {
        let formToken = session.formToken, code = link.code.rawValue
        if session.may(.updateShortLink) {
            writeLinkEdits(link, formToken: formToken, into: &html)
        }
        if session.may(.deleteShortLink) {
            ConsolePage.deleteForm(heading: "Delete the link", action: linkPath(code) + "/delete", boxID: "link-delete-confirm",
                                   confirmation: "Yes, delete \(code): it answers 404 from now on, and its code is free again",
                                   button: "Delete the link", formToken: formToken, into: &html)
        }
    }

    /// The forms that change the target, title and tags, and the expiry.
    private static func writeLinkEdits(_ link: ShortLink, formToken: String, into html: inout HTMLDocument) {
        let code = link.code.rawValue, revision = link.revision
        html.element("h2", text: "Change the target, title and tags")
        html.element("form", attributes: ["method": "post", "action": linkPath(code) + "/edit"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.void(.input, attributes: ["type": "hidden", "name": "revision", "value": String(revision)])
            let target = link.link
            html.void(.input, attributes: ["type": "hidden", "name": "shown", "value": target])
            let tags = link.tags.map(\.rawValue).joined(separator: " ")
            for (name, label, value) in [("link", "Target link (it must resolve)", target), ("title", "Title (empty: none)", link.title ?? ""),
                                         ("tags", "Tags (separated by spaces; empty: none)", tags)] {
                html.element("label", text: label, attributes: ["for": "link-\(name)"])
                html.void(.input, attributes: ["type": "text", "id": "link-\(name)", "name": name, "value": value])
            }
            html.element("p") { html in
                html.element("button", text: "Save the link", attributes: ["type": "submit"])
            }
        }

        html.element("h2", text: "Change the expiry")
        html.element("form", attributes: ["method": "post", "action": linkPath(code) + "/expiry"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.void(.input, attributes: ["type": "hidden", "name": "revision", "value": String(revision)])
            let current = link.expiresAt.map { String(RFC3339.string($0).prefix(16)) } ?? ""
            html.element("label", text: "Expires (UTC; empty: never)", attributes: ["for": "link-expiry"])
            html.void(.input, attributes: ["type": "datetime-local", "id": "link-expiry", "name": "expiresAt", "value": current])
            html.element("p") { html in
                html.element("button", text: "Save the expiry", attributes: ["type": "submit"])
            }
        }
    }

    /// `GET /console/links/{code}/qr.svg`: the QR code of the short link's URL with the QR
    /// marker, as an attachment (`image/svg+xml`).
    package func linkQR(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        let code = request.pathParameters["code"] ?? ""
        links.get(code: try? ShortCode(code), by: caller) { [routes] result in
            let link: ShortLink
            switch result {
            case .success(let counted): link = counted.link
            case .failure(let error): return responder.respond(Self.linkNotFound(error))
            }
            guard let url = routes.value.shortLinkURL(of: link.code),
                  let qr = try? QRCode(encoding: QRMarker.marking(url), level: QRErrorCorrectionLevel.standard) else {
                return responder.respond(ConsolePage.notice(status: .conflict, title: "No QR code",
                                                            detail: "The route file names no https host, so the short link has no URL to draw."))
            }
            // The code is a checked one (letters, digits, - and _): safe in a quoted file name.
            responder.respond(HTTPResponse(contentType: "image/svg+xml", body: Array(qr.svg().utf8), headers: [
                "Content-Disposition": "attachment; filename=\"scenelink-\(code).svg\"",
            ]))
        }
    }

    /// `POST /console/links/{code}/expiry` (`expiresAt`, empty for never; `revision`): a change of
    /// the expiry through `ShortLinkOperations.update` with `If-Match` of the revision the page
    /// showed, so a change made meanwhile is not overwritten (the page again, 412, saying so); 303 back.
    package func changeLinkExpiry(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let form = ConsoleForm(body: request.body)
        let expiry = form["expiresAt"].flatMap { $0.isEmpty ? nil : Self.instant(fromLocal: $0) }
        changeLink(request, responder, what: "expiry", change: [("expiresAt", expiry.map { .string($0) } ?? .null)])
    }

    /// `POST /console/links/{code}/edit` (`link`, `shown`: the target the page showed, `title`,
    /// `tags` separated by spaces, `revision`): a change of the title and tags, and of the target
    /// when it differs from the one shown (so a link whose target no longer resolves can still be
    /// retitled); `If-Match` as for the expiry; 303 back.
    package func editLink(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let form = ConsoleForm(body: request.body)
        let title = form["title"].flatMap { $0.isEmpty ? nil : $0 }
        var change: [(key: String, value: JSONValue)] = [("title", title.map { .string($0) } ?? .null), ("tags", .array(Self.tags(form)))]
        if let link = form["link"]?.trimmingCharacters(in: .whitespaces), link != form["shown"] {
            change.append(("link", .string(link)))
        }
        changeLink(request, responder, what: "change", change: change)
    }

    /// Reads `change` by the API's own rules (`ShortLinkChangeRequest`) and performs it through
    /// `ShortLinkOperations.update` with `If-Match` of the form's `revision`; 303 back to the
    /// link's page, or the page with why not (`what` names the change in the sentence).
    private func changeLink(_ request: HTTPRequest, _ responder: HTTPResponder, what: String, change: [(key: String, value: JSONValue)]) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let code = request.pathParameters["code"] ?? ""
        guard let text = ConsoleForm(body: request.body)["revision"], text.utf8.count <= 18, let revision = Int64(text), revision > 0 else {
            return showLink(request, session: session, notice: "The form lacks the link's revision; reload the page and change it again.",
                            status: .badRequest, responder)
        }
        let parsed: ShortLinkChangeRequest
        do {
            parsed = try ShortLinkChangeRequest(document: .object(change))
        } catch {
            return showLink(request, session: session, notice: "Your \(what) was not saved: \(error.detail)", status: error.status, responder)
        }
        let condition = EntityTagCondition.tags([EntityTag.shortLink(revision: revision)])
        links.update(code: try? ShortCode(code), parsed, condition: condition, by: caller) { [self] result in
            switch result {
            case .success:
                responder.respond(ConsoleHeaders.redirect(to: Self.linkPath(code)))
            case .failure(let error) where error.problem.status.code == 404:
                responder.respond(Self.linkNotFound(error))
            case .failure(let error) where error.problem.status.code == 412:
                showLink(request, session: session,
                         notice: "The link changed since you opened this page (someone else saved a change), so your \(what) was not saved. "
                             + "Its current values are shown below; make your change again.", status: .preconditionFailed, responder)
            case .failure(let error):
                showLink(request, session: session, notice: "Your \(what) was not saved: \(error.problem.detail)",
                         status: error.problem.status, responder)
            }
        }
    }

    /// `POST /console/links/{code}/delete` (`confirm=yes`): `ShortLinkOperations.delete`; 303 to
    /// the list. Without the confirmation, the link's page again saying so (400).
    package func deleteLink(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard let session = session(of: request, responder), let caller = OperatorCaller(request) else { return }
        let code = request.pathParameters["code"] ?? ""
        guard ConsoleForm(body: request.body)["confirm"] == "yes" else {
            return showLink(request, session: session, notice: "Tick the box that confirms the deletion; nothing was deleted.",
                            status: .badRequest, responder)
        }
        links.delete(code: try? ShortCode(code), by: caller) { result in
            switch result {
            case .success: responder.respond(ConsoleHeaders.redirect(to: ConsoleSection.links.path))
            case .failure(let error): responder.respond(Self.linkNotFound(error))
            }
        }
    }
}
