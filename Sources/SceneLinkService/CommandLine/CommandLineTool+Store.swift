import Foundation
import SceneLinkCore
import SceneLinkOperations
import SceneLinkPostgres
import SceneLinkSQLite

extension CommandLineTool {
    /// The rows a copy moves per transaction (and reads per page).
    static let storeCopyPageSize = 500

    /// `scenelink store copy --from STORE --to STORE [--resume]`.
    func store(_ arguments: [String]) -> Int32 {
        let source: String, target: String, resume: Bool
        do throws(ConfigurationError) {
            // Until the subcommand is known, messages name the command as typed: `scenelink store`.
            guard let subcommand = arguments.first, !CommandArguments.isFlag(subcommand) else {
                return usageError("store", ConfigurationError("Name the subcommand: copy (scenelink store copy --from STORE --to STORE)."))
            }
            guard subcommand == "copy" else {
                return usageError("store", ConfigurationError("store has one subcommand, copy, not '\(subcommand)'."))
            }
            let parsed = try parse(Array(arguments.dropFirst()), as: "store copy")
            if let stray = parsed.positionals.first {
                throw ConfigurationError("Unexpected argument '\(stray)'; give the stores as --from STORE and --to STORE.")
            }
            guard let from = parsed["from"], !from.isEmpty, let to = parsed["to"], !to.isEmpty else {
                throw ConfigurationError("Give both --from and --to (each a SQLite file or a postgres:// URL).")
            }
            (source, target, resume) = (from, to, parsed.has("resume"))
        } catch {
            return usageError("store copy", error)
        }
        for (flag, store) in [("--from", source), ("--to", target)]
        where store.contains("://") && !PostgresSceneStateStore.isPostgresURL(store) {
            err("scenelink store copy: \(flag) must be a SQLite file path or a postgres:// or postgresql:// URL, "
                + "not '\(PostgresSceneStateStore.redactedAddress(store))'.")
            return 2
        }
        if !PostgresSceneStateStore.isPostgresURL(source) && !PostgresSceneStateStore.isPostgresURL(target)
            && URL(fileURLWithPath: source).standardizedFileURL.path == URL(fileURLWithPath: target).standardizedFileURL.path {
            err("scenelink store copy: --from and --to name the same file, '\(source)'; give a new file to copy into.")
            return 2
        }
        if !PostgresSceneStateStore.isPostgresURL(source) && !FileManager.default.fileExists(atPath: source) {
            err("scenelink store copy: there is no SQLite store at \(source); name an existing file (or a postgres:// URL) with --from.")
            return 1
        }
        do {
            let from: any StoreCopySource = PostgresSceneStateStore.isPostgresURL(source)
                ? try PostgresStoreRows(readingFrom: source) : try SQLiteStoreRows(path: source)
            let to: any StoreCopyTarget = PostgresSceneStateStore.isPostgresURL(target)
                ? try PostgresStoreRows(url: target) : try SQLiteStoreRows(target: target)
            return try copyStore(from: from, to: to, resume: resume)
        } catch {
            err("scenelink store copy: \(error)")
            return 1
        }
    }

    private func copyStore(from: any StoreCopySource, to: any StoreCopyTarget, resume: Bool) throws -> Int32 {
        let existing = try to.existingRows().filter { $0.count > 0 && !$0.table.replacesExisting }
        if !existing.isEmpty && !resume {
            err("scenelink store copy: \(to.address) already holds "
                + CommandLineTool.listed(existing.map { "\($0.count) \($0.table.label)" })
                + "; copy into an empty database, or pass --resume to continue a copy into it (rows already there are kept).")
            return 1
        }
        for table in StoreTable.allCases {
            var cursor: [StoreField]?
            var read = 0, added = 0
            while true {
                let page = try from.rows(of: table, after: cursor, limit: CommandLineTool.storeCopyPageSize)
                added += try to.insert(page, into: table)
                read += page.count
                guard page.count == CommandLineTool.storeCopyPageSize, let last = page.last else { break }
                cursor = Array(last.prefix(table.keyCount))
            }
            out("\(table.label): \(read) read, \(added) added" + (read == added ? "" : " (\(read - added) already there)"))
        }
        try to.finish(revisionHighWater: try from.revisionHighWater())
        var differences: [String] = []
        for table in StoreTable.allCases {
            let expected = try from.summary(of: table)
            let copied = try to.summary(of: table)
            if expected == copied {
                out("checked \(table.label): \(copied.count) rows, digest \(copied.digest.prefix(16)) on both sides")
            } else {
                differences.append("\(table.label): \(expected.count) rows (digest \(expected.digest.prefix(16))) in "
                                   + "\(from.address), \(copied.count) (digest \(copied.digest.prefix(16))) in \(to.address)")
            }
        }
        guard differences.isEmpty else {
            err("scenelink store copy: the copy differs from the source: " + differences.joined(separator: "; ")
                + ". Rows already in the target before a --resume, or writes to it since, are kept as they were.")
            return 1
        }
        out("copied \(from.address) to \(to.address); point " + (to is PostgresStoreRows ? "--store" : "--db") + " at it")
        return 0
    }

    /// "a", "a and b", "a, b and c".
    static func listed(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `scenelink backup [--db PATH] DEST`: a consistent copy of the SQLite store while it is in use.
    func backup(_ arguments: [String]) -> Int32 {
        let database: String, destination: String
        do throws(ConfigurationError) {
            let parsed = try parse(arguments, as: "backup")
            // The database as serve finds it: --db, else SCENELINK_DB, else serve's default.
            let configuration = try ServiceConfiguration.parse(
                arguments: parsed["db"].map { ["--db", $0] } ?? [], environment: environment.filter { $0.key == "SCENELINK_DB" },
                command: "backup")
            guard parsed.positionals.count <= 1 else {
                throw ConfigurationError("Unexpected argument '\(parsed.positionals[1])'; give one destination file.")
            }
            guard let named = parsed.positionals.first, !named.isEmpty else {
                throw ConfigurationError("Name the destination file (a new file).")
            }
            (database, destination) = (configuration.databasePath, named)
        } catch {
            return usageError("backup", error)
        }
        guard database == ":memory:" || FileManager.default.fileExists(atPath: database) else {
            err("scenelink backup: there is no database at \(database); name the server's database file with --db PATH.")
            return 1
        }
        if FileManager.default.fileExists(atPath: destination) {
            err("scenelink backup: \(destination) already exists; name a new file, or remove it first to replace it.")
            return 1
        }
        do {
            let pages = try SQLiteBackup.copy(from: database, to: destination)
            out("backed up \(database) to \(destination) (\(pages) pages, checked)")
            return 0
        } catch {
            err("scenelink backup: \(error)")
            return 1
        }
    }
}
