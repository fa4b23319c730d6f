import Foundation
import SceneLinkCore
import SceneLinkOperations
import SceneLinkPostgres
import SceneLinkSQLite

extension CommandLineTool {
    /// `scenelink import FORMAT FILE [--db PATH | --store URL] [--routes FILE | --example NAME]
    /// [--host HOST] [--prefix PATH] [--link-domains LIST] [--dry-run] [--atomic] [--report FILE]`:
    /// `ShortLinkOperations.importLinks`, the pipeline of the API and the console, on the store
    /// serve uses, as the operator (`cli` in the audit log). Exit 0 when no row is refused, 1 when
    /// one is or the store fails, 2 for a usage error or a file that cannot be read.
    func importLinks(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments, format: LinkImportFormat, path: String, configuration: ServiceConfiguration
        let source: (path: String?, example: String?), options: ShortLinkImportOptions
        do throws(ConfigurationError) {
            parsed = try parse(arguments, as: "import")
            guard let name = parsed.positionals.first else {
                throw ConfigurationError("Name the export's format and file: scenelink import \(LinkImportFormat.names) FILE.")
            }
            guard let known = LinkImportFormat(rawValue: name) else {
                throw ConfigurationError("'\(name)' is not a format import reads; give one of \(LinkImportFormat.names).")
            }
            format = known
            guard parsed.positionals.count >= 2 else {
                throw ConfigurationError("Name the file to import: scenelink import \(format) FILE.")
            }
            if let stray = parsed.positionals.dropFirst(2).first { throw ConfigurationError("Unexpected argument '\(stray)'.") }
            path = try ValueParser.nonEmpty(parsed.positionals[1], flag: "import")
            source = try routeSource(parsed, positionals: [])
            var serveArguments: [String] = []
            if let db = parsed["db"] { serveArguments += ["--db", db] }
            if let url = parsed["store"] { serveArguments += ["--store", url] }
            if let domains = parsed["link-domains"] { serveArguments += ["--link-domains", domains] }
            configuration = try ServiceConfiguration.parse(
                arguments: serveArguments,
                environment: environment.filter { ["SCENELINK_DB", "SCENELINK_STORE", "SCENELINK_LINK_DOMAINS"].contains($0.key) },
                command: "import")
            let prefix = parsed["prefix"] ?? ShortLinkImportOptions.standardPrefix
            guard prefix.hasPrefix("/") else { throw ConfigurationError("--prefix is a path, starting with /, such as /promo/, not '\(prefix)'.") }
            options = ShortLinkImportOptions(format: format, atomic: parsed.has("atomic"), dryRun: parsed.has("dry-run"),
                                             host: parsed["host"], prefix: prefix, maximumRows: nil)
        } catch {
            return usageError("import", error)
        }
        guard let csv = FileManager.default.contents(atPath: path) else {
            err("scenelink import: cannot read \(path); name the export file as it was downloaded.")
            return 2
        }
        let table: RouteTable
        do {
            table = try loadRoutes(source)
        } catch {
            err("scenelink import: \(error.description)")
            return 2
        }
        let store: any ShortLinkStore & AuditLog
        let close: () -> Void
        do {
            if let url = configuration.storeURL {
                let postgres = try PostgresSceneStateStore(url: url, configuration: configuration.postgres)
                (store, close) = (postgres, { postgres.close() })
            } else {
                var path = configuration.databasePath
                if options.dryRun, path != ":memory:", !FileManager.default.fileExists(atPath: path) {
                    // A dry run makes no file: an empty store answers every lookup as the new file would.
                    err("scenelink import: no database at \(path) yet; the dry run checks against an empty store.")
                    path = ":memory:"
                }
                let sqlite = try SQLiteSceneStateStore(path: path)
                (store, close) = (sqlite, { try? sqlite.close() })
            }
        } catch {
            err("scenelink import: cannot open the store: \(error)")
            return 1
        }
        defer { close() }
        let auditLog = Logger(level: .error) { bytes in FileHandle.standardError.write(Data(bytes)) }
        let operations = ShortLinkOperations(store: store, routes: Current(table), clock: .system, analyticsStore: nil,
                                             audit: AuditTrail(log: store, logger: auditLog),
                                             linkDomains: configuration.shortLinks.linkDomains)
        let caller = OperatorCaller(identity: .adminToken, actor: AuditActor.commandLine.description, client: .unspecified)
        let report: ShortLinkImportReport
        switch Self.wait({ operations.importLinks(csv: Array(csv), options: options, by: caller, completion: $0) }) {
        case .success(let answer):
            report = answer
        case .failure(let error):
            err("scenelink import: \(error.problem.detail)")
            return error.problem.status.code < 500 ? 2 : 1
        }
        if let reportPath = parsed["report"] {
            let bytes = JSONWriter.encode(report.json(table: table), escapingSlashes: false, sortingKeys: false)
            guard FileManager.default.createFile(atPath: reportPath, contents: Data(bytes + [UInt8(ascii: "\n")])) else {
                err("scenelink import: cannot write the report to \(reportPath).")
                return 1
            }
        }
        out(Self.summary(report, file: path))
        for result in report.rows where ![.created, .unchanged, .archived].contains(result.status) {
            out(Self.line(result))
        }
        return report.refused > 0 ? 1 : 0
    }

    /// "links.csv (firebase): 180 created, 3 unchanged, …" with what was written.
    static func summary(_ report: ShortLinkImportReport, file: String) -> String {
        let counts = ShortLinkImportStatus.allCases.compactMap { status -> String? in
            let count = report.count(status)
            return count == 0 ? nil : "\(count) \(status.rawValue)"
        }
        let what = report.nothingStored ? " (all or nothing: nothing written)" : report.dryRun ? " (dry run: nothing written)" : ""
        let ignored = report.ignoredColumns.isEmpty ? "" : "\ncolumns read past: " + report.ignoredColumns.joined(separator: ", ")
        return "\(file) (\(report.format)): " + (counts.isEmpty ? "no rows" : counts.joined(separator: ", ")) + what + ignored
    }

    /// One refused or skipped row: "row 5: no-route: No route matches …".
    static func line(_ result: ShortLinkImportResult) -> String {
        var text = "row \(result.row): \(result.status.rawValue)"
        if let column = result.column { text += " (\(column))" }
        if let code = result.code { text += " [\(code.rawValue)]" }
        if let existing = result.existing { text += ": the code already stands for \(existing)" }
        if let problem = result.problem, result.existing == nil { text += ": " + problem.detail }
        return text
    }
}
