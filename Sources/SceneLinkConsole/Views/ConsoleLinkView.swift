import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// One short link's page (`GET /console/links/{code}`): the link as `ShortLinkOperations.get`
/// answered it (target, title, tags, expiry, clicks, visits), where it takes each kind of
/// visitor (`ConsoleLinkDestinations`), its QR code with a download, its analytics (scope
/// `link:CODE`, as the Analytics page draws them) for a session that may read them, and the
/// forms that change its target, title and tags, its expiry, and the one that deletes it, each
/// for a session that may make the change. A refused change is this page with its sentence.
package struct ConsoleLinkView: ConsolePageView {
    /// The values the change forms start from, and the revision they send back.
    package struct Edits: Sendable, Equatable {
        package let revision: Int64
        package let target: String
        package let title: String
        /// The tags separated by spaces.
        package let tags: String
        /// The expiry for a `datetime-local` field (`2027-01-20T10:00`), empty for never.
        package let expiry: String
        /// The link's own card, fallbacks, "skip the page" and campaign, as the form's fields.
        package let settings: ConsoleLinkSettingsFields
    }

    package let title: String
    package var section: ConsoleSection { .links }
    package let status: HTTPStatus
    /// A refused change's sentence, at the top, when it is about no one field (a change made
    /// meanwhile, a form without its revision); nil when none.
    package let notice: String?
    /// A refused change's sentence as the field it is about, shown beside it and linked from the
    /// error summary; nil when none.
    package let fieldError: ConsoleFieldError?
    package var errorSummary: ConsoleErrorSummary? { ConsoleErrorSummary(fieldError.map { [$0] } ?? []) }
    /// The code as the request named it, and the link's page under it (the QR download's).
    package let code: String
    package let path: String
    /// The page under the link's own code, which its change and delete forms post under.
    package let formPath: String
    package let formCode: String
    /// The facts, term and value, in order.
    package let facts: [(term: String, value: String)]
    /// The link's own settings, term and value, in order ("the route's" for one unset).
    package let settingsFacts: [(term: String, value: String)]
    /// The link's tags, each with the list filtered by it: shown as chips in the facts' "Tags".
    package let tags: [ConsoleLinksView.Tag]
    /// Whether the link has expired (every visitor gets 410).
    package let isExpired: Bool
    package let destinations: ConsoleLinkDestinations
    /// The QR code of the short link's URL with the QR marker, and that URL; nil without an https host.
    package let qr: (code: QRCode, link: String)?
    /// The link's analytics; nil for a session that may not read them.
    package let analytics: ConsoleAnalyticsReport?
    /// nil for a session that may not change the link.
    package let edits: Edits?
    /// Whether the delete form is shown (the session may delete the link).
    package let showsDelete: Bool
    package let formToken: String

    /// - Parameters:
    ///   - code: the code as the request named it.
    ///   - url: the short link's URL (nil when the route file names no https host).
    ///   - now: what "expired" is measured against.
    ///   - table, claimLifetime: what `ConsoleLinkDestinations` computes where the link goes with.
    ///   - analytics: the link's analytics; nil when not read.
    ///   - notice, status: a refused change's sentence and status (nil and 200 on a plain view).
    ///   - field: the `id` of the field the refusal is about (`link-link`, `link-title`,
    ///     `link-tags`, `link-expiry`, `link-delete-confirm`, a setting's such as
    ///     `link-fallbacks-ios`), nil when it is about none: the
    ///     sentence is then a notice at the top.
    ///   - session: whose permissions decide which forms are shown.
    package init(_ counted: ShortLinkOperations.Counted, code: String, url: String?, now: Date, table: RouteTable, claimLifetime: String,
                 analytics: ConsoleAnalyticsReport?, notice: String?, field: String? = nil, status: HTTPStatus, session: ConsoleSession) {
        let link = counted.link, visits = counted.visits
        title = "Link \(code)"
        self.notice = field == nil ? notice : nil
        fieldError = field.flatMap { id in notice.map { ConsoleFieldError(fieldID: id, message: $0) } }
        self.code = code
        path = ConsoleEndpoints.linkPath(code)
        formCode = link.code.rawValue
        formPath = ConsoleEndpoints.linkPath(formCode)
        isExpired = link.isExpired(at: now)
        let tags = link.tags.map(\.rawValue)
        self.tags = tags.map { ConsoleLinksView.Tag(name: $0, path: ConsoleSection.links.path + "?" + ConsoleEndpoints.encode([("tag", $0)])) }
        facts = [
            ("Short link", url ?? "(none: the route file names no https host)"),
            ("Target link", link.link),
            ("Title", link.title ?? "(none)"),
            ("Tags", tags.isEmpty ? "(none)" : tags.joined(separator: " ")),
            ("Created", RFC3339.string(link.createdAt)),
            ("Expires", (link.expiresAt.map { RFC3339.string($0) } ?? "never") + (isExpired ? " (expired: it answers 410)" : "")),
            ("Clicks", String(link.clicks)),
            ("Visits since it was made", "\(visits.human) human, \(visits.preview) previews, \(visits.bot) bots"),
        ]
        settingsFacts = Self.describe(link.settings)
        destinations = ConsoleLinkDestinations(link: link.link, table: table, claimLifetime: claimLifetime)
        if let url, let code = try? QRCode(encoding: QRMarker.marking(url), level: QRErrorCorrectionLevel.standard) {
            qr = (code, QRMarker.marking(url))
        } else {
            qr = nil
        }
        self.analytics = analytics
        edits = session.may(.updateShortLink)
            ? Edits(revision: link.revision, target: link.link, title: link.title ?? "", tags: tags.joined(separator: " "),
                    expiry: link.expiresAt.map { String(RFC3339.string($0).prefix(16)) } ?? "",
                    settings: ConsoleLinkSettingsFields(link.settings, prefix: "link"))
            : nil
        showsDelete = session.may(.deleteShortLink)
        formToken = session.formToken
        // A report the query made wrong (a range, a zone) is the page's 400; any other failure
        // (analytics off) leaves the link's page a 200 that says so.
        let reportStatus = analytics?.status ?? .ok
        self.status = status != .ok ? status : reportStatus.code == 400 ? .badRequest : .ok
    }

    /// What the link sets for itself, one line a part ("desktop: https://…; ios: https://…"), or
    /// "the route's" for a part it leaves unset.
    private static func describe(_ settings: ShortLinkSettings) -> [(term: String, value: String)] {
        let fields = ConsoleLinkSettingsFields(settings, prefix: "link")
        func summary(of group: String) -> String {
            let set = ConsoleLinkSettingsFields.fields.filter { $0.name.hasPrefix(group + ".") }.compactMap { field in
                fields.values[field.name].map { "\(field.name.dropFirst(group.count + 1)): \($0)" }
            }
            return set.isEmpty ? "the route's" : set.joined(separator: "; ")
        }
        return [("Card", summary(of: "preview")), ("Fallbacks", summary(of: "fallbacks")),
                ("Skip the page", settings.skipPage ? "yes: a browser is sent straight on" : "no"), ("Campaign", summary(of: "campaign"))]
    }

    package func write(into html: inout HTMLDocument) {
        if let notice {
            html.element("p", text: notice, attributes: ["class": "error", "role": "alert", "id": "link-notice"])
        }
        html.element("p") { html in
            html.element("a", text: "All links", attributes: ["href": ConsoleSection.links.path])
        }
        html.element("dl") { html in
            for (term, value) in facts {
                html.element("dt", text: term)
                if term == "Tags", !tags.isEmpty {
                    html.element("dd") { html in
                        for tag in tags { html.element("a", text: tag.name, attributes: ["href": tag.path, "class": "chip"]) }
                    }
                } else {
                    html.element("dd", text: value)
                }
            }
        }
        html.element("h2", text: "Its own card, fallbacks and campaign")
        html.element("dl", attributes: ["id": "link-settings"]) { html in
            for (term, value) in settingsFacts {
                html.element("dt", text: term)
                html.element("dd", text: value)
            }
        }
        writeDestinations(into: &html)
        writeQR(into: &html)
        if let analytics {
            html.element("h2", text: "Analytics")
            analytics.write(into: &html)
        }
        html.cards { html in
            if let edits { writeEdits(edits, into: &html) }
            if showsDelete {
                html.card { html in
                    ConsolePage.deleteForm(heading: "Delete the link", action: formPath + "/delete", boxID: "link-delete-confirm",
                                           confirmation: "Yes, delete \(formCode): it answers 404 from now on, and its code is free again",
                                           button: "Delete the link", formToken: formToken, error: error(for: "link-delete-confirm"), into: &html)
                }
            }
        }
    }

    private func writeDestinations(into html: inout HTMLDocument) {
        html.element("h2", text: "Where it goes for each kind of visitor")
        if isExpired {
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
        ConsoleEndpoints.table(caption: "What each visitor gets now, with the route table in force", headings: ["Visitor", "Gets"],
                               rows: destinations.rows.map { [$0.visitor, $0.destination] }, into: &html)
    }

    /// The QR code (scans count as `qr`) with its download, or why there is none.
    private func writeQR(into html: inout HTMLDocument) {
        html.element("h2", text: "QR code")
        guard let qr else {
            html.element("p", text: "No QR code: the route file names no https host for the short link's URL.")
            return
        }
        html.qrCode(qr.code, caption: qr.link)
        html.element("p") { html in
            html.element("a", text: "Download the QR code (SVG)", attributes: ["href": path + "/qr.svg", "download": "scenelink-\(code).svg"])
        }
    }

    /// The forms that change the target, title and tags, and the expiry, with the revision read.
    private func writeEdits(_ edits: Edits, into html: inout HTMLDocument) {
        html.card { html in
            html.element("h2", text: "Change the target, title, tags and settings")
            html.element("form", attributes: ["method": "post", "action": formPath + "/edit"]) { html in
                ConsolePage.formTokenField(formToken, into: &html)
                html.void(.input, attributes: ["type": "hidden", "name": "revision", "value": String(edits.revision)])
                html.void(.input, attributes: ["type": "hidden", "name": "shown", "value": edits.target])
                html.void(.input, attributes: ["type": "hidden", "name": ConsoleLinkSettingsFields.presenceName, "value": "shown"])
                for (name, label, value) in [("link", "Target link (it must resolve)", edits.target), ("title", "Title (empty: none)", edits.title),
                                             ("tags", "Tags (separated by spaces; empty: none)", edits.tags)] {
                    html.element("label", text: label, attributes: ["for": "link-\(name)"])
                    let refused = error(for: "link-\(name)")
                    refused?.write(into: &html)
                    html.void(.input, attributes: ["type": "text", "id": "link-\(name)", "name": name, "value": value]
                              + (refused?.fieldAttributes ?? [:]))
                }
                edits.settings.write(into: &html, refusal: fieldError)
                html.element("p") { html in
                    html.element("button", text: "Save the link", attributes: ["type": "submit"])
                }
            }
        }
        html.card { html in
            html.element("h2", text: "Change the expiry")
            html.element("form", attributes: ["method": "post", "action": formPath + "/expiry"]) { html in
                ConsolePage.formTokenField(formToken, into: &html)
                html.void(.input, attributes: ["type": "hidden", "name": "revision", "value": String(edits.revision)])
                html.element("label", text: "Expires (UTC; empty: never)", attributes: ["for": "link-expiry"])
                let refused = error(for: "link-expiry")
                refused?.write(into: &html)
                html.void(.input, attributes: ["type": "datetime-local", "id": "link-expiry", "name": "expiresAt", "value": edits.expiry]
                          + (refused?.fieldAttributes ?? [:]))
                html.element("p") { html in
                    html.element("button", text: "Save the expiry", attributes: ["type": "submit"])
                }
            }
        }
    }

    /// The refusal's error when it is about the field `id`.
    private func error(for id: String) -> ConsoleFieldError? {
        fieldError?.fieldID == id ? fieldError : nil
    }
}
