import Foundation
import SceneLinkCore
import SceneLinkOperations
import SceneLinkPostgres
import SceneLinkSQLite

extension CommandLineTool {
    /// How far back `links check` counts visits unless `--since` says.
    static let linksCheckDefaultPeriod = "30d"

    /// `scenelink links check CANDIDATE [--routes TODAY | --example NAME] [--db PATH | --store URL]
    /// [--links FILE] [--since 30d] [--json]`: replays every stored short link, a sample link of
    /// every route of today's file and every listed link against today's route file and the
    /// candidate (`LinkCheck`). Exit 0 when no live link breaks or moves, 1 when one does (or the
    /// store cannot be read), 2 for a usage error or a route or links file that does not load.
    func links(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments, candidatePath: String, todaySource: (path: String?, example: String?)
        let period: String, days: Int64, storeArguments: [String]
        do throws(ConfigurationError) {
            guard let subcommand = arguments.first, !CommandArguments.isFlag(subcommand) else {
                return usageError("links", ConfigurationError("Name the subcommand: check (scenelink links check CANDIDATE.json)."))
            }
            guard subcommand == "check" else {
                return usageError("links", ConfigurationError("links has one subcommand, check, not '\(subcommand)'."))
            }
            parsed = try parse(Array(arguments.dropFirst()), as: "links check")
            guard let candidate = parsed.positionals.first else {
                throw ConfigurationError("Name the candidate route file: scenelink links check NEW-ROUTES.json.")
            }
            if let stray = parsed.positionals.dropFirst().first {
                throw ConfigurationError("Unexpected argument '\(stray)'; name today's route file with --routes FILE.")
            }
            candidatePath = try ValueParser.nonEmpty(candidate, flag: "routes")
            todaySource = try routeSource(parsed, positionals: [])
            period = parsed["since"] ?? Self.linksCheckDefaultPeriod
            let span = try ValueParser.duration(period, flag: "since")
            days = max(1, span.components.seconds / 86_400)
            guard span.components.seconds % 86_400 == 0, span > .zero else {
                throw ConfigurationError("--since counts whole days (visits are kept per UTC day), like 30d or 7d, not '\(period)'.")
            }
            var store: [String] = []
            if let db = parsed["db"] { store += ["--db", db] }
            if let url = parsed["store"] { store += ["--store", url] }
            storeArguments = store
        } catch {
            return usageError("links check", error)
        }
        let today: RouteTable, candidate: RouteTable
        do {
            today = try loadRoutes(todaySource)
            candidate = try RouteTableLoader.load(path: candidatePath)
        } catch {
            err("scenelink links check: \(error.description)")
            return 2
        }
        var listed: [(line: Int, link: String)] = []
        if let path = parsed["links"] {
            guard let data = FileManager.default.contents(atPath: path) else {
                err("scenelink links check: cannot read the links file \(path); name a file of links, one a line.")
                return 2
            }
            for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.isEmpty || text.hasPrefix("#") { continue }
                listed.append((line: index + 1, link: text))
            }
        }
        let stored: StoredLinks
        switch readStoredLinks(storeArguments, named: parsed["db"] != nil || parsed["store"] != nil, days: days) {
        case .success(let links): stored = links
        case .failure(let error):
            err("scenelink links check: \(error.description)")
            return error.description.hasPrefix("there is no database") ? 2 : 1
        }
        let check = LinkCheck(today: today, candidate: candidate)
        let report = LinkCheckReport(results: check.results(stored: stored, now: Date(), routeExamples: today.sampleLinks, listed: listed),
                                     candidateName: candidatePath, period: period)
        if parsed.has("json") {
            out(String(decoding: report.json, as: UTF8.self))
        } else {
            out(report.text.hasSuffix("\n") ? String(report.text.dropLast()) : report.text)
        }
        return report.passes ? 0 : 1
    }

    /// Every stored short link and its visits over the last `days` UTC days (today included),
    /// from the store serve uses; none when no store is named and serve's default database
    /// does not exist.
    private func readStoredLinks(_ storeArguments: [String], named: Bool, days: Int64) -> Result<StoredLinks, LinkCheckStoreError> {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(
                arguments: storeArguments, environment: environment.filter { ["SCENELINK_DB", "SCENELINK_STORE"].contains($0.key) },
                command: "links check")
        } catch {
            return .failure(LinkCheckStoreError(error.message))
        }
        let today = AnalyticsBucket.day(of: Date())
        let range = (today - days + 1)...today
        do {
            if let url = configuration.storeURL {
                let postgres = try PostgresSceneStateStore(url: url, configuration: configuration.postgres)
                defer { postgres.close() }
                return Self.wait { StoredLinks.read(links: postgres, analytics: postgres, days: range, completion: $0) }
            }
            let path = configuration.databasePath
            guard path == ":memory:" || FileManager.default.fileExists(atPath: path) else {
                let namedHere = named || environment["SCENELINK_DB"] != nil
                guard namedHere else {
                    err("scenelink links check: no database at \(path), so no stored short links are checked; name one with --db PATH or --store URL.")
                    return .success(StoredLinks(links: [], visits: [:]))
                }
                return .failure(LinkCheckStoreError("there is no database at \(path); name the server's database with --db PATH (or its PostgreSQL store with --store URL)."))
            }
            let sqlite = try SQLiteSceneStateStore(path: path)
            defer { try? sqlite.close() }
            return Self.wait { StoredLinks.read(links: sqlite, analytics: sqlite, days: range, completion: $0) }
        } catch {
            return .failure(LinkCheckStoreError("cannot open the store: \(error)"))
        }
    }
}
