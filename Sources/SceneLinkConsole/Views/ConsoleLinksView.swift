import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The Links page (`GET /console/links?q&tag&cursor[&route]`): the search form, one page of
/// short links as `ShortLinkOperations.list` answered it (or the API's sentence for a wrong `q`,
/// `tag` or `cursor`), and the forms that make and import links, each only for a session that
/// may use it; a link that exports the links the search keeps as CSV, and the batch actions on
/// them (`ConsoleLinkBatchForm`), whose refusal is this page with its sentence. The page of a refused new link (`POST /console/links`) is this view too: its
/// notice and the form with what was entered, without the list.
package struct ConsoleLinksView: ConsolePageView {
    /// The search form and the page of links.
    package struct Listing: Sendable {
        /// The search form's text and tag as given.
        package let q: String
        package let tag: String
        package let content: Content
    }

    /// What the list shows.
    package enum Content: Sendable {
        /// The listing refused the query: its sentence.
        case refused(String)
        /// No link on this page: "No link matches." or "No short links yet: make one below."
        case empty(String)
        /// The table's caption, its rows, and the paging links (nil when not shown).
        case links(caption: String, rows: [Row], firstPage: String?, nextPage: String?)
    }

    /// One link as its row shows it: its title and target cut to fit, at most `listedTags` tags.
    package struct Row: Sendable, Equatable {
        package let code: String
        package let path: String
        package let title: String
        package let target: String
        /// The tags shown, each with the path of the list filtered by it.
        package let tags: [Tag]
        /// How many tags are left out (0: none).
        package let moreTags: Int
        /// When it expires ("never"), and " (expired)" once it has.
        package let expires: String
        package let human: Int64
        package let clicks: Int
        /// Whether the target no longer resolves with the route table in force (a route renamed
        /// or removed without an alias): the row says so.
        package let pointsAtNoScreen: Bool
    }

    /// A tag and the list filtered by it.
    package struct Tag: Sendable, Equatable {
        package let name: String
        package let path: String
    }

    package var title: String { ConsoleSection.links.title }
    package var section: ConsoleSection { .links }
    package let status: HTTPStatus
    /// The refused new link's or batch's field, linked from the top of the page.
    package var errorSummary: ConsoleErrorSummary? {
        ConsoleErrorSummary([createForm?.fieldError, batchForm?.fieldError].compactMap { $0 })
    }
    /// A sentence above everything (a refused new link); nil on the list.
    package let notice: String?
    /// nil on the page of a refused new link.
    package let listing: Listing?
    /// nil for a session that may not make links.
    package let createForm: ConsoleLinkCreateForm?
    /// nil for a session that may not import links.
    package let importForm: ConsoleLinkImportForm?
    /// The batch actions on the links the search keeps; nil for a session that may neither
    /// change nor delete links, and on the page of a refused new link.
    package let batchForm: ConsoleLinkBatchForm?

    /// The list page.
    ///
    /// - Parameters:
    ///   - listing: the page of links, or the listing's refusal.
    ///   - q, tag: the query's search text and tag (empty when none).
    ///   - hasCursor: whether the request named a cursor (then the page links to the first one).
    ///   - now: what "expired" is measured against.
    ///   - resolves: whether a target resolves with the route table in force.
    ///   - batchForm: the batch actions (nil when the session may use none).
    ///   - refusedStatus: a refused batch's status (nil on a plain list).
    package init(listing result: Result<ShortLinkOperations.Page, OperationError>, q: String, tag: String, hasCursor: Bool, now: Date,
                 resolves: (String) -> Bool, createForm: ConsoleLinkCreateForm?, importForm: ConsoleLinkImportForm?,
                 batchForm: ConsoleLinkBatchForm? = nil, refusedStatus: HTTPStatus? = nil) {
        notice = nil
        self.createForm = createForm
        self.importForm = importForm
        self.batchForm = batchForm
        let content: Content
        switch result {
        case .failure(let error):
            content = .refused(error.problem.detail)
            status = error.problem.status
        case .success(let page):
            content = Self.content(page, q: q, tag: tag, hasCursor: hasCursor, now: now, resolves: resolves)
            status = refusedStatus ?? .ok
        }
        listing = Listing(q: q, tag: tag, content: content)
    }

    /// The page of a refused new link: the error summary linking to the field refused, then the
    /// form as it was sent, with `status`.
    package init(refusing createForm: ConsoleLinkCreateForm, status: HTTPStatus) {
        notice = nil
        listing = nil
        self.createForm = createForm
        importForm = nil
        batchForm = nil
        self.status = status
    }

    private static func content(_ page: ShortLinkOperations.Page, q: String, tag: String, hasCursor: Bool, now: Date,
                                resolves: (String) -> Bool) -> Content {
        let filtered = !q.isEmpty || !tag.isEmpty
        guard !page.links.isEmpty else { return .empty(filtered ? "No link matches." : "No short links yet: make one below.") }
        let rows = page.links.map { counted in
            let link = counted.link, code = link.code.rawValue, tags = link.tags.map(\.rawValue)
            return Row(code: code, path: ConsoleEndpoints.linkPath(code),
                       title: ConsoleEndpoints.shortened(link.title ?? "", to: ConsoleEndpoints.listedTitleCharacters),
                       target: ConsoleEndpoints.shortened(link.link, to: ConsoleEndpoints.listedLinkCharacters),
                       tags: tags.prefix(ConsoleEndpoints.listedTags).map {
                           Tag(name: $0, path: ConsoleSection.links.path + "?" + ConsoleEndpoints.encode([("tag", $0)]))
                       },
                       moreTags: max(tags.count - ConsoleEndpoints.listedTags, 0),
                       expires: (link.expiresAt.map { RFC3339.string($0) } ?? "never") + (link.isExpired(at: now) ? " (expired)" : ""),
                       human: counted.visits.human, clicks: link.clicks, pointsAtNoScreen: !resolves(link.link))
        }
        var paging: [(String, String)] = []
        if !q.isEmpty { paging.append(("q", q)) }
        if !tag.isEmpty { paging.append(("tag", tag)) }
        let path = ConsoleSection.links.path
        return .links(caption: filtered ? "Links that match, oldest first" : "Short links, oldest first", rows: rows,
                      firstPage: hasCursor ? path + (paging.isEmpty ? "" : "?" + ConsoleEndpoints.encode(paging)) : nil,
                      nextPage: page.nextCursor.map { path + "?" + ConsoleEndpoints.encode(paging + [("cursor", String($0))]) })
    }

    /// Whether the batch actions are shown: when the list has links, or a batch was refused.
    private var showsBatch: Bool {
        if batchForm?.fieldError != nil { return true }
        if case .links? = listing?.content { return true }
        return false
    }

    package func write(into html: inout HTMLDocument) {
        if let notice { html.element("p", text: notice, attributes: ["class": "error"]) }
        if let listing { Self.write(listing, into: &html) }
        html.cards { html in
            if let batchForm, showsBatch { html.card { batchForm.write(into: &$0) } }
            if let createForm { html.card { createForm.write(into: &$0) } }
            if let importForm { html.card { importForm.write(into: &$0) } }
        }
    }

    /// The search form, the table of one page, the links to the first and next pages and the export.
    private static func write(_ listing: Listing, into html: inout HTMLDocument) {
        html.element("form", attributes: ["method": "get", "action": ConsoleSection.links.path, "role": "search"]) { html in
            html.element("label", text: "Search codes, links and titles", attributes: ["for": "links-q"])
            html.void(.input, attributes: ["type": "search", "id": "links-q", "name": "q",
                                           "value": listing.q, "maxlength": String(ShortLinkFilter.maximumTextBytes)])
            html.element("label", text: "Tag", attributes: ["for": "links-tag"])
            html.void(.input, attributes: ["type": "text", "id": "links-tag", "name": "tag", "value": listing.tag])
            html.element("p") { html in
                html.element("button", text: "Search", attributes: ["type": "submit"])
            }
        }
        switch listing.content {
        case .refused(let sentence):
            html.element("p", text: sentence, attributes: ["class": "error", "role": "alert"])
        case .empty(let sentence):
            html.element("p", text: sentence)
        case .links(let caption, let rows, let firstPage, let nextPage):
            html.consoleTable(caption: caption, headings: ["Code", "Title", "Target", "Tags", "Expires", "Human visits", "Clicks"], numeric: [5, 6]) { html in
                for row in rows { write(row, into: &html) }
            }
            html.element("p") { html in
                if let firstPage {
                    html.element("a", text: "First page", attributes: ["href": firstPage])
                    html.text(" ")
                }
                if let nextPage {
                    html.element("a", text: "Next page", attributes: ["href": nextPage, "rel": "next"])
                }
            }
            let filter = (listing.q.isEmpty ? [] : [("q", listing.q)]) + (listing.tag.isEmpty ? [] : [("tag", listing.tag)])
            html.element("p") { html in
                html.element("a", text: filter.isEmpty ? "Export every link as CSV" : "Export the links this search keeps as CSV",
                             attributes: ["href": ConsoleEndpoints.linkExportPath + (filter.isEmpty ? "" : "?" + ConsoleEndpoints.encode(filter)),
                                          "download": "scenelink-short-links.csv"])
            }
        }
    }

    private static func write(_ row: Row, into html: inout HTMLDocument) {
        html.element("tr") { html in
            html.element("th", attributes: ["scope": "row"]) { html in
                html.element("a", text: row.code, attributes: ["href": row.path])
            }
            html.element("td", text: row.title)
            html.element("td") { html in
                html.text(row.target)
                if row.pointsAtNoScreen {
                    html.text(" ")
                    html.element("strong", text: "points at no screen", attributes: ["class": "error"])
                }
            }
            html.element("td") { html in
                for (index, tag) in row.tags.enumerated() {
                    if index > 0 { html.text(" ") }
                    html.element("a", text: tag.name, attributes: ["href": tag.path, "class": "chip"])
                }
                if row.moreTags > 0 { html.text(" and \(row.moreTags) more") }
            }
            html.element("td", text: row.expires)
            html.element("td", text: String(row.human), attributes: ["class": "number"])
            html.element("td", text: String(row.clicks), attributes: ["class": "number"])
        }
    }
}
