import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// One pass of an import over its file (`ShortLinkOperations.importLinks`): a batch of rows is
/// read and checked, their codes looked up, the new ones written (when `writes`), then the next
/// batch, until the file ends. Confined to the import queue: each step runs after the last
/// one's store answer.
final class ShortLinkImportRun: @unchecked Sendable {
    private let operations: ShortLinkOperations
    private var table: ShortLinkImportTable
    private let options: ShortLinkImportOptions
    private let writes: Bool
    private let caller: OperatorCaller
    private let routes: RouteTable
    private let now: Date
    private var results: [ShortLinkImportResult] = []
    /// The target of each code an earlier row of this file stands for: a later row with the same
    /// code is `unchanged` or a `conflict` without asking the store.
    private var targets: [ShortCode: (link: String, row: Int)] = [:]
    private var completion: (@Sendable (Result<ShortLinkImportReport, OperationError>) -> Void)?

    init(operations: ShortLinkOperations, table: ShortLinkImportTable, options: ShortLinkImportOptions, writes: Bool, caller: OperatorCaller) {
        self.operations = operations
        self.table = table
        self.options = options
        self.writes = writes
        self.caller = caller
        routes = operations.routes.value
        now = operations.clock.now()
    }

    /// Runs the pass, answering its report (or the failure of a store or a file that stopped
    /// being CSV) once.
    func start(_ completion: @escaping @Sendable (Result<ShortLinkImportReport, OperationError>) -> Void) {
        self.completion = completion
        nextBatch()
    }

    private func finish(_ result: Result<ShortLinkImportReport, OperationError>) {
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }

    private func nextBatch() {
        var candidates: [(index: Int, link: ShortLink)] = []
        do throws(ShortLinkImportError) {
            while candidates.count < ShortLinkOperations.importBatchSize, let row = try table.next() {
                switch operations.check(row, options: options, table: routes, now: now) {
                case .result(let result):
                    results.append(result)
                case .link(let link):
                    if let earlier = targets[link.code] {
                        var result = Self.repeated(row: row.row, link: link, existing: earlier.link)
                        if result.status == .conflict { result.problem = ShortLinkProblems.aliasRepeated(link.code, firstRow: earlier.row) }
                        results.append(result)
                        continue
                    }
                    targets[link.code] = (link.link, row.row)
                    results.append(ShortLinkImportResult(row: row.row, status: .created, code: link.code))
                    candidates.append((results.count - 1, link))
                }
            }
        } catch {
            return finish(.failure(OperationError(ShortLinkProblems.invalidImport(error))))
        }
        guard !candidates.isEmpty else { return finish(.success(report)) }
        lookUp(candidates)
    }

    /// Asks the store for each candidate's code: one stored with the same target is
    /// `unchanged`, with another a `conflict`; the others are written.
    private func lookUp(_ candidates: [(index: Int, link: ShortLink)]) {
        operations.store.shortLinks(codes: candidates.map(\.link.code)) { result in
            ShortLinkImportRun.queue.async { [self] in
                let stored: [ShortCode: ShortLink]
                switch result {
                case .success(let found): stored = found
                case .failure(let error): return finish(.failure(ShortLinkOperations.error(error)))
                }
                var new: [(index: Int, link: ShortLink)] = []
                for candidate in candidates {
                    if let existing = stored[candidate.link.code] {
                        results[candidate.index] = Self.repeated(row: results[candidate.index].row, link: candidate.link, existing: existing.link)
                    } else {
                        new.append(candidate)
                    }
                }
                write(new)
            }
        }
    }

    /// Stores the batch's new links (not in a dry run), with their audit entries, then reads the next batch.
    private func write(_ new: [(index: Int, link: ShortLink)]) {
        guard writes, !new.isEmpty else { return nextBatch() }
        operations.store.createShortLinks(new.map(\.link), atomic: false) { [self] result in
            ShortLinkImportRun.queue.async { [self] in
                switch result {
                case .failure(let error):
                    finish(.failure(ShortLinkOperations.error(error)))
                case .success(let stored):
                    var created: [ShortLink] = []
                    for (candidate, answer) in zip(new, stored) {
                        if let answer {
                            created.append(answer)
                        } else {
                            // Taken meanwhile (another import, or a create through the API).
                            results[candidate.index].status = .conflict
                            results[candidate.index].problem = ShortLinkProblems.aliasTaken(candidate.link.code)
                        }
                    }
                    ShortLinkImportRun.recordCreated(created, by: caller, audit: operations.audit) { [self] in
                        ShortLinkImportRun.queue.async { self.nextBatch() }
                    }
                }
            }
        }
    }

    private var report: ShortLinkImportReport {
        ShortLinkImportReport(rows: results, format: options.format, dryRun: options.dryRun || !writes, atomic: options.atomic,
                              ignoredColumns: table.ignoredColumns)
    }

    /// A row whose code already stands for `existing`: the same target is `unchanged`, another a `conflict`.
    private static func repeated(row: Int, link: ShortLink, existing: String) -> ShortLinkImportResult {
        guard existing != link.link else { return ShortLinkImportResult(row: row, status: .unchanged, code: link.code) }
        return ShortLinkImportResult(row: row, status: .conflict, code: link.code, problem: ShortLinkProblems.aliasTaken(link.code),
                                     existing: existing)
    }

    /// Where a run's steps after a store's answer run (one at a time per run).
    static let queue = DispatchQueue(label: "scenelink.short-link-import.run", qos: .userInitiated)

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
        group.notify(queue: queue, execute: done)
    }
}
