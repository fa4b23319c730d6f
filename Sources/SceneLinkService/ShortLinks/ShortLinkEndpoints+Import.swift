import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

extension ShortLinkEndpoints {
    /// The largest import body: as large as the server takes by default (`--max-body-bytes`),
    /// room for 10,000 rows of about 100 bytes; a larger file is split into several imports.
    static let maximumImportBodyBytes = 1 << 20

    /// Where an import's rows are read and checked: off the I/O queue, since 10,000 rows each
    /// resolved against the route table take milliseconds.
    private static let importQueue = DispatchQueue.global(qos: .userInitiated)

    /// `POST /v1/short-links/import[?atomic=true]` with a `text/csv` body (`ShortLinkImportTable`):
    /// each row is checked as a creation is (`ShortLinkRequest`'s values, `checkTarget`), an
    /// empty alias is a random code, an alias an earlier row used is refused; then the rows that
    /// passed are stored in one transaction, each queueing `short_link.created`.
    ///
    /// Answers `{"rows":[…],"created":N,"refused":M}`, one item per data row in order: `created`
    /// with its `code` and `shortLink`, or `refused` with the `problem` creating it would have
    /// answered. Without `atomic` it is 200 with whatever could be created. With `atomic=true`
    /// it is all or nothing: 200 when every row was created, else 422, nothing stored, the
    /// refused rows as above and the others `valid`.
    ///
    /// Order of checks: admin token → an https host (409) → the media type (415) → `atomic`
    /// (400) → the CSV as a whole: syntax with row and column, header (400), rows (413) → rows.
    func importLinks(_ request: HTTPRequest, _ responder: HTTPResponder) {
        guard !routes.value.hosts.isEmpty else { return responder.respond(ShortLinkProblems.noHTTPSHost.response()) }
        let type = request.headers["Content-Type"] ?? ""
        let essence = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard essence == "text/csv" else {
            return responder.respond(ShortLinkProblems.unsupportedMediaType(
                type.isEmpty ? "(none)" : type, accepted: "text/csv with the header row \(ShortLinkImportTable.columns.joined(separator: ","))")
                .response())
        }
        let atomicText = request.queryItem("atomic") ?? "false"
        guard atomicText == "true" || atomicText == "false" else {
            return responder.respond(ShortLinkProblems.invalidQuery(
                "atomic takes true (all rows or none) or false (every row that can be), not '\(atomicText.prefix(32))'.").response())
        }
        let atomic = atomicText == "true"
        let body = request.body
        Self.importQueue.async { [routes, clock, store, audit] in
            let rows: [ShortLinkImportRow]
            do throws(ShortLinkImportError) {
                rows = try ShortLinkImportTable.rows(body)
            } catch {
                return responder.respond(ShortLinkProblems.invalidImport(error).response())
            }
            let table = routes.value
            let now = clock.now()
            var checked: [Result<ShortLink, HTTPProblem>] = []
            var aliasRows: [ShortCode: Int] = [:]
            for row in rows {
                let result = Self.check(row, table: table, now: now)
                if case .success(let link) = result, row.alias?.isEmpty == false {
                    if let first = aliasRows[link.code] {
                        checked.append(.failure(ShortLinkProblems.aliasRepeated(link.code, firstRow: first)))
                        continue
                    }
                    aliasRows[link.code] = row.row
                }
                checked.append(result)
            }
            let planned = checked.compactMap { try? $0.get() }
            let report = checked
            if atomic, planned.count < checked.count {
                return responder.respond(Self.importReport(rows, checked, stored: planned, atomic: true, table: table))
            }
            store.createShortLinks(planned, atomic: atomic) { result in
                switch result {
                case .success(let stored):
                    let answer = Self.importReport(rows, report, stored: stored, atomic: atomic, table: table)
                    // One entry per link made, as `POST /v1/short-links` records it.
                    Self.recordCreated(stored.compactMap { $0 }, request: request, audit: audit) { responder.respond(answer) }
                case .failure(let error):
                    responder.respond(ShortLinkProblems.store(error))
                }
            }
        }
    }

    /// One row as the link it would create, or the problem creating it would have answered.
    static func check(_ row: ShortLinkImportRow, table: RouteTable, now: Date) -> Result<ShortLink, HTTPProblem> {
        if let fault = row.fault { return .failure(ShortLinkProblems.badBody(fault)) }
        do throws(HTTPProblem) {
            let link = row.link ?? ""
            guard !link.isEmpty else {
                throw ShortLinkProblems.badBody("The row has no link; give the link the short link stands for, such as fuelmoney://settings/account.")
            }
            guard link.utf8.count <= maximumLinkBytes else {
                throw ShortLinkProblems.badBody("The link is \(link.utf8.count) bytes long; give at most \(maximumLinkBytes).")
            }
            var code = ShortCode.random()
            if let alias = row.alias, !alias.isEmpty {
                do { code = try ShortCode(alias) } catch { throw ShortLinkProblems.invalidAlias(error) }
            }
            var expiresAt: Date?
            if let text = row.expiresAt, !text.isEmpty { expiresAt = try ShortLinkRequest.expiresAt(text) }
            let tags = try ShortLinkRequest.tags(row.tagWords)
            var title: String?
            if let text = row.title { title = try ShortLinkRequest.title(text) }
            switch ShortLinkOperations.checkTarget(link, expiresAt: expiresAt, table: table, now: now) {
            case .success(let route):
                return .success(ShortLink(code: code, link: link, createdAt: now, expiresAt: expiresAt, route: route, title: title, tags: tags))
            case .failure(let problem):
                throw problem
            }
        } catch {
            return .failure(error)
        }
    }

    /// The answer of an import. `stored` has one element per link that passed the checks, in
    /// order: the stored link, or nil when its code was taken (or, atomic, nothing was stored).
    static func importReport(_ rows: [ShortLinkImportRow], _ checked: [Result<ShortLink, HTTPProblem>], stored: [ShortLink?],
                             atomic: Bool, table: RouteTable) -> HTTPResponse {
        var items: [String] = []
        var created = 0, refused = 0
        var next = stored.makeIterator()
        for (row, result) in zip(rows, checked) {
            switch result {
            case .failure(let problem):
                refused += 1
                items.append("{\"row\":\(row.row),\"status\":\"refused\",\"problem\":\(problem.json)}")
            case .success(let link):
                switch next.next() {
                case .some(.some(let link)) where link.sequence > 0:
                    created += 1
                    items.append("{\"row\":\(row.row),\"status\":\"created\",\"code\":\(JSONEscaping.quote(link.code.rawValue)),"
                        + "\"shortLink\":\(url(of: link.code, table: table).map(JSONEscaping.quote) ?? "null")}")
                case .some(.some):
                    items.append("{\"row\":\(row.row),\"status\":\"valid\"}")
                default:
                    refused += 1
                    items.append("{\"row\":\(row.row),\"status\":\"refused\",\"problem\":\(ShortLinkProblems.aliasTaken(link.code).json)}")
                }
            }
        }
        let body = "{\"rows\":[\(items.joined(separator: ","))],\"created\":\(created),\"refused\":\(refused)}"
        return noStore(.json(body, status: atomic && refused > 0 ? .unprocessableContent : .ok))
    }

    /// Records each of `links` in the audit log (written together: the store commits them in
    /// groups), then calls `done` once all are answered.
    private static func recordCreated(_ links: [ShortLink], request: HTTPRequest, audit: AuditTrail?,
                                      done: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for link in links {
            var detail = ["link": link.link, "via": "import"]
            if let expiresAt = link.expiresAt { detail["expiresAt"] = RFC3339.string(expiresAt) }
            group.enter()
            audit.record(request, action: "short_link.created", subject: "link:\(link.code.rawValue)", detail: detail) { group.leave() }
        }
        group.notify(queue: importQueue, execute: done)
    }
}
