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

    /// The link's page with `status` and a refused change's sentence: beside the field `field`
    /// and in the error summary, or at the top when it is about no one field.
    private func showLink(_ request: HTTPRequest, session: ConsoleSession, notice: String?, field: String? = nil, status: HTTPStatus,
                          _ responder: HTTPResponder) {
        guard let caller = OperatorCaller(request) else { return }
        let code = request.pathParameters["code"] ?? ""
        links.get(code: try? ShortCode(code), by: caller) { [self] result in
            let counted: ShortLinkOperations.Counted
            switch result {
            case .success(let found): counted = found
            case .failure(let error): return responder.respond(Self.linkNotFound(error))
            }
            let query = Self.analyticsQuery(request, extra: [], scope: "link:" + code)
            let dimension = Self.analyticsDimension(request)
            let readsAnalytics = session.may(.analyticsTimeseries) && session.may(.analyticsBreakdown)
            readIf(readsAnalytics, { done in analyticsReports(query: query, dimension: dimension, by: caller) { done(($0, $1)) } }) { [self] reports in
                let analytics = reports.map { timeseries, breakdown in
                    ConsoleAnalyticsReport(action: Self.linkPath(code), choosesScope: false, item: { request.queryItem($0) }, query: query,
                                           dimension: dimension, timeseries: timeseries, breakdown: breakdown)
                }
                let view = ConsoleLinkView(counted, code: code, url: routes.value.shortLinkURL(of: counted.link.code), now: clock.now(),
                                           table: routes.value, claimLifetime: ValueParser.text(of: settings.claimLifetime),
                                           analytics: analytics, notice: notice, field: field, status: status, session: session)
                // A refused change shows its notice, never the banner of an earlier one.
                let banner = notice == nil ? ConsoleBanner(query: request.queryItem) : nil
                responder.respond(view.response(session: session, banner: banner))
            }
        }
    }

    /// The answer when the link was not found (or could not be read): the console's notice page.
    private static func linkNotFound(_ error: OperationError) -> HTTPResponse {
        guard error.problem.status.code == 404 else { return notice(error, title: "Link not read") }
        return ConsolePage.notice(status: .notFound, title: "No such link", detail: "No short link has this code (it may have been deleted).")
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
    /// `tags` separated by spaces, `revision`; with `settings`, the link's own settings:
    /// `preview.title`…, `fallbacks.ios`…, `skipPage`, `campaign.utm_source`…): a change of the
    /// title, tags and settings (an emptied field removed: null in the merge patch, as
    /// `ConsoleLinkSettingsFields.patch` reads it), and of the target when it differs from the one
    /// shown (so a link whose target no longer resolves can still be retitled); `If-Match` as for
    /// the expiry; 303 back.
    package func editLink(_ request: HTTPRequest, _ responder: HTTPResponder) {
        let form = ConsoleForm(body: request.body)
        let title = form["title"].flatMap { $0.isEmpty ? nil : $0 }
        var change: [(key: String, value: JSONValue)] = [("title", title.map { .string($0) } ?? .null), ("tags", .array(Self.tags(form)))]
        if let link = form["link"]?.trimmingCharacters(in: .whitespaces), link != form["shown"] {
            change.append(("link", .string(link)))
        }
        change += ConsoleLinkSettingsFields.patch(form)
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
            return showLink(request, session: session, notice: "Your \(what) was not saved: \(error.detail)",
                            field: Self.linkField(what: what, sentence: error.detail), status: error.status, responder)
        }
        let condition = EntityTagCondition.tags([EntityTag.shortLink(revision: revision)])
        links.update(code: try? ShortCode(code), parsed, condition: condition, by: caller) { [self] result in
            switch result {
            case .success:
                let banner = ConsoleBanner(what == "expiry" ? .linkExpiryChanged : .linkChanged, subject: code)
                responder.respond(ConsoleHeaders.redirect(to: banner.redirect(to: Self.linkPath(code))))
            case .failure(let error) where error.problem.status.code == 404:
                responder.respond(Self.linkNotFound(error))
            case .failure(let error) where error.problem.status.code == 412:
                showLink(request, session: session,
                         notice: "The link changed since you opened this page (someone else saved a change), so your \(what) was not saved. "
                             + "Its current values are shown below; make your change again.", status: .preconditionFailed, responder)
            case .failure(let error):
                showLink(request, session: session, notice: "Your \(what) was not saved: \(error.problem.detail)",
                         field: Self.linkField(what: what, sentence: error.problem.detail), status: error.problem.status, responder)
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
                            field: "link-delete-confirm", status: .badRequest, responder)
        }
        links.delete(code: try? ShortCode(code), by: caller) { result in
            switch result {
            case .success:
                responder.respond(ConsoleHeaders.redirect(to: ConsoleBanner(.linkDeleted, subject: code).redirect(to: ConsoleSection.links.path)))
            case .failure(let error): responder.respond(Self.linkNotFound(error))
            }
        }
    }

    /// The field of the link's page a refused change is about: the expiry's one, else the
    /// setting the operation's sentence starts with (`"fallbacks.ios": …` → `link-fallbacks-ios`),
    /// else the one it names (`"title"`, `"tags"` or a tag), else the target.
    package static func linkField(what: String, sentence: String) -> String {
        guard what != "expiry" else { return "link-expiry" }
        if let setting = ConsoleLinkSettingsFields.field(in: sentence) {
            return ConsoleLinkSettingsFields(ShortLinkSettings.none, prefix: "link").id(of: setting)
        }
        let lowered = sentence.lowercased()
        if lowered.contains("title") { return "link-title" }
        if lowered.contains("tag") { return "link-tags" }
        return "link-link"
    }
}
