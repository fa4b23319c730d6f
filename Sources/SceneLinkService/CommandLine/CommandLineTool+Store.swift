import Foundation
import SceneLinkCore
import SceneLinkPostgres
import SceneLinkSQLite

extension CommandLineTool {
    static let storeUsage = """
        usage: scenelink store copy --from STORE --to STORE [--resume]
          STORE: a SceneLink SQLite file, or a postgres://USER@HOST:PORT/DB URL; either way round
          (SQLite to PostgreSQL to grow to several instances, back, or one SQLite file to another).
          Copies sessions, scenes, values (with their revisions and expiry), short links (with their
          clicks), claims, webhook endpoints (with their secrets) and webhook deliveries (pending
          ones stay due), then checks both sides by counts and digests. A target that already holds
          rows in any of them is refused; --resume continues a copy that stopped (rows already there
          are kept, the rest are added). A SQLite target is created when it does not exist.
        """

    /// The rows a copy moves per transaction (and reads per page).
    static let storeCopyPageSize = 500

    /// `scenelink store copy --from STORE --to STORE [--resume]`.
    func store(_ arguments: [String]) -> Int32 {
        guard arguments.first == "copy" else {
            err(arguments.isEmpty || arguments.first == "--help" ? CommandLineTool.storeUsage
                : "scenelink store: unknown subcommand '\(arguments[0])'.\n\(CommandLineTool.storeUsage)")
            return arguments.first == "--help" ? 0 : 2
        }
        var source: String?
        var target: String?
        var resume = false
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--from": source = rest.popFirst()
            case "--to": target = rest.popFirst()
            case "--resume": resume = true
            default:
                err("scenelink store copy: unknown argument '\(argument)'.\n\(CommandLineTool.storeUsage)")
                return 2
            }
        }
        guard let source, !source.isEmpty, let target, !target.isEmpty else {
            err("scenelink store copy: give both --from and --to (each a SQLite file or a postgres:// URL).\n\(CommandLineTool.storeUsage)")
            return 2
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

    /// `scenelink backup --db PATH DEST`: a consistent copy of the SQLite store while it is in use.
    func backup(_ arguments: [String]) -> Int32 {
        let usage = "usage: scenelink backup --db PATH DEST   (DEST: a new file; safe while the server runs)"
        var database = environment["SCENELINK_DB"]
        var destination: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--db", let path = rest.popFirst() {
                database = path
            } else if argument == "--help" {
                out(usage)
                return 0
            } else if !argument.hasPrefix("--"), destination == nil {
                destination = argument
            } else {
                err("scenelink backup: unexpected argument '\(argument)'.\n\(usage)")
                return 2
            }
        }
        guard let database, !database.isEmpty, let destination, !destination.isEmpty else {
            err("scenelink backup: give the database (--db PATH) and a destination file.\n\(usage)")
            return 2
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
