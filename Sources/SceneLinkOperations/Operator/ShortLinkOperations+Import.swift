import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension ShortLinkOperations {
    /// What an import did with each data row of its CSV, in order.
    package struct ImportReport: Sendable {
        /// One data row's outcome.
        package enum Outcome: Sendable {
            /// Stored under this link.
            case created(ShortLink)
            /// Would have been stored, but the import was all or nothing and another row was refused.
            case valid
            /// Refused, with the problem creating it would have answered.
            case refused(HTTPProblem)
        }

        package let rows: [(row: Int, outcome: Outcome)]
        /// Whether the import was all or nothing.
        package let atomic: Bool

        package var created: Int { rows.count { if case .created = $0.outcome { true } else { false } } }
        package var refused: Int { rows.count { if case .refused = $0.outcome { true } else { false } } }
        /// Whether nothing was stored because a row was refused.
        package var nothingStored: Bool { atomic && refused > 0 }
    }

    /// The largest CSV an import takes: as large as the server takes by default
    /// (`--max-body-bytes`), room for 10,000 rows of about 100 bytes; a larger file is split into
    /// several imports.
    package static let maximumImportBytes = 1 << 20

    /// Where an import's rows are read and checked: off the caller's thread, since 10,000 rows
    /// each resolved against the route table take milliseconds.
    private static let importQueue = DispatchQueue.global(qos: .userInitiated)

    /// Imports the links of a CSV (`ShortLinkImportTable`): each row is checked as a creation is
    /// (`ShortLinkRequest`'s values, `checkTarget`), an empty alias is a random code, an alias an
    /// earlier row used is refused; then the rows that passed are stored in one transaction, each
    /// with its audit entry (`via: import`). With `atomic`, all or nothing: no row is stored unless
    /// every row can be. A CSV refused whole (syntax, header, too many rows) is a 400 or 413.
    package func importLinks(csv: [UInt8], atomic: Bool, by caller: OperatorCaller,
                             completion: @escaping @Sendable (Result<ImportReport, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .importShortLinks) { return completion(.failure(refusal)) }
        guard !routes.value.hosts.isEmpty else { return completion(.failure(OperationError(ShortLinkProblems.noHTTPSHost))) }
        Self.importQueue.async { [routes, clock, store, audit] in
            let rows: [ShortLinkImportRow]
            do throws(ShortLinkImportError) {
                rows = try ShortLinkImportTable.rows(csv)
            } catch {
                return completion(.failure(OperationError(ShortLinkProblems.invalidImport(error))))
            }
            let table = routes.value
            let now = clock.now()
            var checked: [Result<ShortLink, HTTPProblem>] = []
            var aliasRows: [ShortCode: Int] = [:]
            for row in rows {
                let result = check(row, table: table, now: now)
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
                return completion(.success(Self.report(rows, report, stored: planned, atomic: true)))
            }
            store.createShortLinks(planned, atomic: atomic) { result in
                switch result {
                case .success(let stored):
                    let answer = Self.report(rows, report, stored: stored, atomic: atomic)
                    // One entry per link made, as a creation records it.
                    Self.recordCreated(stored.compactMap { $0 }, by: caller, audit: audit) { completion(.success(answer)) }
                case .failure(let error):
                    completion(.failure(Self.error(error)))
                }
            }
        }
    }

    /// One row as the link it would create, or the problem creating it would have answered.
    package func check(_ row: ShortLinkImportRow, table: RouteTable, now: Date) -> Result<ShortLink, HTTPProblem> {
        if let fault = row.fault { return .failure(ShortLinkProblems.badBody(fault)) }
        do throws(HTTPProblem) {
            let link = row.link ?? ""
            guard !link.isEmpty else {
                throw ShortLinkProblems.badBody("The row has no link; give the link the short link stands for, such as fuelmoney://settings/account.")
            }
            guard link.utf8.count <= ShortLinkRequest.maximumLinkBytes else {
                throw ShortLinkProblems.badBody("The link is \(link.utf8.count) bytes long; give at most \(ShortLinkRequest.maximumLinkBytes).")
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
            switch checkTarget(link, expiresAt: expiresAt, table: table, now: now) {
            case .success(let route):
                return .success(ShortLink(code: code, link: link, createdAt: now, expiresAt: expiresAt, route: route, title: title, tags: tags))
            case .failure(let problem):
                throw problem
            }
        } catch {
            return .failure(error)
        }
    }

    /// The report of an import. `stored` has one element per link that passed the checks, in
    /// order: the stored link, or nil when its code was taken (or, atomic, nothing was stored).
    private static func report(_ rows: [ShortLinkImportRow], _ checked: [Result<ShortLink, HTTPProblem>], stored: [ShortLink?],
                               atomic: Bool) -> ImportReport {
        var outcomes: [(row: Int, outcome: ImportReport.Outcome)] = []
        var next = stored.makeIterator()
        for (row, result) in zip(rows, checked) {
            switch result {
            case .failure(let problem):
                outcomes.append((row.row, .refused(problem)))
            case .success(let link):
                switch next.next() {
                case .some(.some(let link)) where link.sequence > 0: outcomes.append((row.row, .created(link)))
                case .some(.some): outcomes.append((row.row, .valid))
                default: outcomes.append((row.row, .refused(ShortLinkProblems.aliasTaken(link.code))))
                }
            }
        }
        return ImportReport(rows: outcomes, atomic: atomic)
    }

    /// Records each of `links` in the audit log (written together: the store commits them in
    /// groups), then calls `done` once all are answered.
    private static func recordCreated(_ links: [ShortLink], by caller: OperatorCaller, audit: AuditTrail?,
                                      done: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for link in links {
            var detail = ["link": link.link, "via": "import"]
            if let expiresAt = link.expiresAt { detail["expiresAt"] = RFC3339.string(expiresAt) }
            group.enter()
            audit.record(actor: caller.actor, action: "short_link.created", subject: "link:\(link.code.rawValue)", detail: detail) { group.leave() }
        }
        group.notify(queue: importQueue, execute: done)
    }
}
