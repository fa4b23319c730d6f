import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension ShortLinkOperations {
    /// The largest CSV an import through the API takes: as large as the server takes by default
    /// (`--max-body-bytes`), room for 10,000 rows of about 100 bytes; a larger file is split into
    /// several imports, or imported with `scenelink import`.
    package static let maximumImportBytes = 1 << 20

    /// The rows checked, looked up and written together: one batch is what an import holds at a
    /// time besides its file and its report.
    package static let importBatchSize = shortLinkLookupLimit

    /// Where an import's rows are read and checked: off the caller's thread, since thousands of
    /// rows each resolved against the route table take milliseconds.
    private static let importQueue = DispatchQueue(label: "scenelink.short-link-import", qos: .userInitiated)

    /// Imports the links of an export (`ShortLinkImportTable` in `options.format`), the one
    /// pipeline of the API, the console and `scenelink import`:
    ///
    /// 1. each row is checked as a creation is (`ShortLinkRequest`'s values, the link's own
    ///    settings, `checkTarget`); an archived row is skipped;
    /// 2. its code is its `alias` (or the short link's path after `options.prefix`), else one
    ///    derived from what the row says (`ShortCode.derived`), so running an import again finds
    ///    its links instead of making them twice;
    /// 3. a code already stored (or used by an earlier row) with the same target is `unchanged`,
    ///    with another target a `conflict`, never overwritten;
    /// 4. the rest are stored a batch (`importBatchSize`) at a time, each with its audit entry
    ///    (`via: import`) and its `short_link.created` event.
    ///
    /// With `options.dryRun` nothing is written and the report says what would be. With
    /// `options.atomic`, every row is checked first and nothing is written unless none is
    /// refused (`ShortLinkImportStatus.refuses`). A file refused whole (syntax, header, too many
    /// rows) is a 400 or 413 before any row is written.
    package func importLinks(csv: [UInt8], options: ShortLinkImportOptions, by caller: OperatorCaller,
                             completion: @escaping @Sendable (Result<ShortLinkImportReport, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .importShortLinks) { return completion(.failure(refusal)) }
        guard !routes.value.hosts.isEmpty else { return completion(.failure(OperationError(ShortLinkProblems.noHTTPSHost))) }
        Self.importQueue.async { [self] in
            let table: ShortLinkImportTable
            do throws(ShortLinkImportError) {
                table = try ShortLinkImportTable(csv, format: options.format)
                if let maximum = options.maximumRows {
                    // Counted before anything is written, so a file over the limit writes nothing.
                    var counting = table
                    var count = 0
                    while try counting.next() != nil {
                        count += 1
                        if count > maximum { throw ShortLinkImportError.tooManyRows(maximum: maximum) }
                    }
                }
            } catch {
                return completion(.failure(OperationError(ShortLinkProblems.invalidImport(error))))
            }
            let checkFirst = options.atomic && !options.dryRun
            ShortLinkImportRun(operations: self, table: table, options: options, writes: !options.dryRun && !checkFirst, caller: caller)
                .start { first in
                    switch first {
                    case .failure(let error):
                        completion(.failure(error))
                    case .success(let report) where !checkFirst:
                        completion(.success(report))
                    case .success(var report) where report.refused > 0:
                        // All or nothing, and a row is refused: nothing is written.
                        for index in report.rows.indices where report.rows[index].status == .created { report.rows[index].status = .valid }
                        report.dryRun = false
                        completion(.success(report))
                    case .success:
                        ShortLinkImportRun(operations: self, table: table, options: options, writes: true, caller: caller).start(completion)
                    }
                }
        }
    }

    /// One row as the link it would create, or its result when it is not one: `archived`, or
    /// `invalid`, `noRoute` or `notAllowed` with the problem creating it would have answered.
    package func check(_ row: ShortLinkImportRow, options: ShortLinkImportOptions, table: RouteTable,
                       now: Date) -> ImportRowCheck {
        func invalid(_ column: String, _ problem: HTTPProblem, code: ShortCode? = nil) -> ImportRowCheck {
            .result(ShortLinkImportResult(row: row.row, status: .invalid, code: code, column: column, problem: problem))
        }
        if let fault = row.fault { return invalid("row", ShortLinkProblems.badBody(fault)) }
        let code: ShortCode?
        switch Self.code(of: row, options: options) {
        case .success(let found): code = found
        case .failure(let failure): return invalid(failure.column, failure.problem)
        }
        if row.isArchived { return .result(ShortLinkImportResult(row: row.row, status: .archived, code: code)) }
        if let code, let route = table.routeShadowing(code: code) {
            return .result(ShortLinkImportResult(row: row.row, status: .conflict, code: code, problem: ShortLinkProblems.codeIsRoute(code, route: route),
                                                 existing: "the route " + route))
        }
        let link = row.link ?? ""
        guard !link.isEmpty else {
            return invalid("link", ShortLinkProblems.badBody(
                "The row has no link; give the link the short link stands for, such as fuelmoney://settings/account."), code: code)
        }
        guard link.utf8.count <= ShortLinkRequest.maximumLinkBytes else {
            return invalid("link", ShortLinkProblems.badBody(
                "The link is \(link.utf8.count) bytes long; give at most \(ShortLinkRequest.maximumLinkBytes)."), code: code)
        }
        var expiresAt: Date?
        if let text = row.expiresAt, !text.isEmpty {
            do { expiresAt = try ShortLinkRequest.expiresAt(text) } catch { return invalid("expiresAt", error, code: code) }
        }
        var tags: [ShortLinkTag] = []
        do {
            tags = try ShortLinkRequest.tags(options.format == .csv ? row.tagWords : row.tagWords.compactMap { ShortLinkTag.imported($0)?.rawValue })
        } catch {
            return invalid("tags", error, code: code)
        }
        var title: String?
        if let text = row.title {
            do { title = try ShortLinkRequest.title(text) } catch { return invalid("title", error, code: code) }
        }
        let settings: ShortLinkSettings
        do {
            settings = try ShortLinkSettings(json: Self.settingsDocument(row.settings))
        } catch {
            return invalid(error.member, ShortLinkProblems.badBody(error.description), code: code)
        }
        switch checkTarget(link, expiresAt: expiresAt, table: table, now: now) {
        case .success(let route):
            let createdAt = row.createdAt.flatMap(Self.importedDate).map { min($0, now) } ?? now
            let fingerprint = [link, title ?? "", tags.map(\.rawValue).joined(separator: " "), expiresAt.map(RFC3339.string) ?? "",
                               settings.storedText ?? ""].joined(separator: "\n")
            return .link(ShortLink(code: code ?? .derived(fingerprint: fingerprint), link: link, createdAt: createdAt,
                                   expiresAt: expiresAt, route: route, title: title, tags: tags, settings: settings))
        case .failure(let problem):
            let status: ShortLinkImportStatus
            switch problem.type {
            case ShortLinkProblems.webDestinationNotAllowed("").type: status = .notAllowed
            case ShortLinkProblems.targetIsShortLink.type: return invalid("link", problem, code: code)
            case ShortLinkProblems.expiryInPast(now).type: return invalid("expiresAt", problem, code: code)
            default: status = .noRoute
            }
            return .result(ShortLinkImportResult(row: row.row, status: status, code: code, problem: problem))
        }
    }

    /// The code a row names: its code column, else its short link's path after the prefix (on
    /// `options.host` when one is named), else none (nil: one is derived).
    private static func code(of row: ShortLinkImportRow, options: ShortLinkImportOptions)
        -> Result<ShortCode?, ImportCellFailure> {
        if let alias = row.alias, !alias.isEmpty {
            do { return .success(try ShortCode(alias)) } catch { return .failure(ImportCellFailure("code", ShortLinkProblems.invalidAlias(error))) }
        }
        guard let shortLink = row.shortLink?.trimmingCharacters(in: .whitespaces), !shortLink.isEmpty else { return .success(nil) }
        guard let components = URLComponents(string: shortLink.contains("://") ? shortLink : "https://" + shortLink),
              let host = components.host, !host.isEmpty else {
            return .failure(ImportCellFailure("shortLink", ShortLinkProblems.badBody(
                "The short link '\(JSONObjectBody.echo(shortLink))' is not a URL; give it as the export has it, such as https://links.example.com/Ab3x.")))
        }
        if let expected = options.host, expected.lowercased() != host.lowercased() {
            return .failure(ImportCellFailure("shortLink", ShortLinkProblems.badBody(
                "The short link is on \(host), not \(expected) (--host); import each domain's file with its own --host.")))
        }
        let path = components.percentEncodedPath
        let prefix = options.prefix.hasSuffix("/") ? options.prefix : options.prefix + "/"
        guard path.hasPrefix(prefix) else {
            return .failure(ImportCellFailure("shortLink", ShortLinkProblems.badBody(
                "The short link's path \(JSONObjectBody.echo(path)) does not start with the prefix \(prefix); name the prefix its codes are under with --prefix.")))
        }
        let text = String(path.dropFirst(prefix.count))
        do {
            return .success(try ShortCode(text))
        } catch {
            return .failure(ImportCellFailure("shortLink", ShortLinkProblems.badBody(
                "The short link's path after \(prefix) is '\(JSONObjectBody.echo(text))', not a code: \(error.description) "
                    + "If its codes are under a longer prefix, name it with --prefix.")))
        }
    }

    /// A row's settings cells as the JSON object `ShortLinkSettings(json:)` reads: `skipPage`
    /// true for `1`, `true` or `yes` (Firebase's `efr=1`), the others strings by path.
    package static func settingsDocument(_ cells: [String: String]) -> JSONValue {
        var groups: [String: [(key: String, value: JSONValue)]] = [:]
        var members: [(key: String, value: JSONValue)] = []
        for path in LinkImportColumn.settingPaths {
            guard let text = cells[path] else { continue }
            if path == "skipPage" {
                let flag = text.trimmingCharacters(in: .whitespaces).lowercased()
                members.append((path, ["1", "true", "yes"].contains(flag) ? .bool(true) : ["0", "false", "no", ""].contains(flag) ? .bool(false) : .string(text)))
                continue
            }
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            groups[parts[0], default: []].append((parts[1], .string(text)))
        }
        for group in ["preview", "fallbacks", "campaign"] {
            if let values = groups[group] { members.append((group, .object(values))) }
        }
        return .object(members)
    }

    /// An export's creation time: RFC 3339 (its offset with or without a colon, as Bitly writes
    /// it), `YYYY-MM-DD hh:mm:ss` (UTC, as Firebase and YOURLS write it) or `YYYY-MM-DD`; nil for
    /// anything else (the import's time is used).
    static func importedDate(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = RFC3339.date(trimmed) { return date }
        var plain = trimmed.replacingOccurrences(of: " UTC", with: "")
        if plain.count == 19, plain.dropFirst(10).first == " " { plain = plain.prefix(10) + "T" + plain.dropFirst(11) + "Z" }
        if plain.count == 10 { plain += "T00:00:00Z" }
        // Bitly writes its offset without a colon: 2022-05-01T10:00:00+0000.
        if plain.count == 24, let sign = plain.dropFirst(19).first, sign == "+" || sign == "-" { plain.insert(":", at: plain.index(plain.startIndex, offsetBy: 22)) }
        return RFC3339.date(plain)
    }

    /// What the check of one row found: the link it would create, or its result.
    package enum ImportRowCheck: Sendable {
        case link(ShortLink)
        case result(ShortLinkImportResult)
    }

    /// A cell that cannot be read: its column and the problem.
    struct ImportCellFailure: Error {
        let column: String
        let problem: HTTPProblem
        init(_ column: String, _ problem: HTTPProblem) {
            self.column = column
            self.problem = problem
        }
    }
}
