import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkOperations
import SceneLinkPostgres
import SceneLinkSQLite
import Synchronization

extension CommandLineTool {
    /// `scenelink keys create --name NAME --scopes A,B | list | revoke ID`, on the store serve uses
    /// (`--db PATH` or `--store URL`, else `SCENELINK_DB` / `SCENELINK_STORE`).
    ///
    /// Each subcommand is `APIKeyOperations`' own (the API's and the console's): the command line is
    /// the operator who holds the store, with the admin token's permission, and creating and revoking
    /// write the operation's audit entry with the actor `cli`. A running server sees a key made or
    /// revoked here within 5 s (`APIKeyCache`).
    func keys(_ arguments: [String]) -> Int32 {
        let subcommand: String, parsed: CommandArguments, configuration: ServiceConfiguration
        do throws(ConfigurationError) {
            guard let first = arguments.first, !CommandArguments.isFlag(first) else {
                throw ConfigurationError("Name the subcommand: create, list or revoke.")
            }
            guard ["create", "list", "revoke"].contains(first) else {
                throw ConfigurationError("keys has the subcommands create, list and revoke, not '\(first)'.")
            }
            subcommand = first
            parsed = try parse(Array(arguments.dropFirst()), as: "keys")
            var storeArguments: [String] = []
            if let db = parsed["db"] { storeArguments += ["--db", db] }
            if let url = parsed["store"] { storeArguments += ["--store", url] }
            configuration = try ServiceConfiguration.parse(
                arguments: storeArguments, environment: environment.filter { ["SCENELINK_DB", "SCENELINK_STORE"].contains($0.key) },
                command: "keys")
            let expectedPositionals = subcommand == "revoke" ? 1 : 0
            if parsed.positionals.count > expectedPositionals {
                throw ConfigurationError("Unexpected argument '\(parsed.positionals[expectedPositionals])'.")
            }
            if subcommand == "revoke", parsed.positionals.isEmpty {
                throw ConfigurationError("Name the key to revoke by its id (scenelink keys list shows them).")
            }
            if subcommand != "create", parsed["name"] != nil || parsed["scopes"] != nil {
                throw ConfigurationError("--name and --scopes go with keys create only.")
            }
        } catch {
            return usageError("keys", error)
        }
        let store: any APIKeyStore & AuditLog
        let close: () -> Void
        do {
            if let url = configuration.storeURL {
                let postgres = try PostgresSceneStateStore(url: url, configuration: configuration.postgres)
                (store, close) = (postgres, { postgres.close() })
            } else {
                let path = configuration.databasePath
                guard path == ":memory:" || FileManager.default.fileExists(atPath: path) else {
                    err("scenelink keys: there is no database at \(path); name the server's database with --db PATH "
                        + "(or its PostgreSQL store with --store URL).")
                    return 1
                }
                let sqlite = try SQLiteSceneStateStore(path: path)
                (store, close) = (sqlite, { try? sqlite.close() })
            }
        } catch {
            err("scenelink keys: cannot open the store: \(error)")
            return 1
        }
        defer { close() }
        // The command line acts as the operator who holds the store: the admin token's permission,
        // named `cli` in the audit log. A failed audit write is logged on standard error; the change stands.
        let auditLog = Logger(level: .error) { bytes in FileHandle.standardError.write(Data(bytes)) }
        let operations = APIKeyOperations(store: store, cache: nil, audit: AuditTrail(log: store, logger: auditLog), clock: .system)
        let caller = OperatorCaller(identity: .adminToken, actor: AuditActor.commandLine.description, client: .unspecified)
        switch subcommand {
        case "create": return createKey(parsed, operations: operations, by: caller)
        case "revoke": return revokeKey(parsed.positionals[0], operations: operations, by: caller)
        default: return listKeys(operations: operations, by: caller)
        }
    }

    private func createKey(_ parsed: CommandArguments, operations: APIKeyOperations, by caller: OperatorCaller) -> Int32 {
        let name: String, scopes: [APIKeyScope]
        do throws(APIKeyInputError) {
            guard let given = parsed["name"] else { return usageError("keys", ConfigurationError("keys create needs --name NAME.")) }
            guard let list = parsed["scopes"] else {
                return usageError("keys", ConfigurationError("keys create needs --scopes, a comma-separated list of \(APIKeyScope.names)."))
            }
            (name, scopes) = (given, try APIKeyScope.parseList(list))
        } catch {
            return usageError("keys", ConfigurationError(error.description))
        }
        switch Self.wait({ operations.create(name: name, scopes: scopes, by: caller, completion: $0) }) {
        case .success(let made):
            out(made.token.text)
            err("Created the key '\(made.key.name)' (id \(made.key.id), scopes \(made.key.scopes.map(\.rawValue).joined(separator: ","))). "
                + "This is the only time its text is shown; send it as 'Authorization: Bearer KEY'.")
            return 0
        case .failure(let error) where error.problem.status == .badRequest:
            return usageError("keys", ConfigurationError(error.problem.detail))
        case .failure(let error):
            err("scenelink keys create: \(Self.sentence(error))")
            return 1
        }
    }

    private func listKeys(operations: APIKeyOperations, by caller: OperatorCaller) -> Int32 {
        switch Self.wait({ operations.listEvery(by: caller, completion: $0) }) {
        case .success(let keys):
            let rows = [["ID", "NAME", "SCOPES", "CREATED", "REVOKED"]] + keys.map { key in
                [key.id, key.name, key.scopes.map(\.rawValue).joined(separator: ","), RFC3339.string(key.createdAt),
                 key.revokedAt.map(RFC3339.string) ?? "-"]
            }
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                out(row.indices.map { column in
                    column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }.joined(separator: "  "))
            }
            return 0
        case .failure(let error):
            err("scenelink keys list: \(Self.sentence(error))")
            return 1
        }
    }

    private func revokeKey(_ id: String, operations: APIKeyOperations, by caller: OperatorCaller) -> Int32 {
        guard APIKeyToken.isID(id) else {
            err("scenelink keys revoke: '\(id.prefix(64))' is not a key id (16 lowercase hex digits, as scenelink keys list shows).")
            return 2
        }
        switch Self.wait({ operations.revoke(id: id, by: caller, completion: $0) }) {
        case .success(let key):
            out("revoked the key '\(key.name)' (id \(key.id)); running servers refuse it within 5 s")
            return 0
        case .failure(let error) where error.problem.status == .notFound:
            err("scenelink keys revoke: no key has the id \(id); scenelink keys list shows them.")
            return 1
        case .failure(let error):
            err("scenelink keys revoke: \(Self.sentence(error))")
            return 1
        }
    }

    /// What went wrong, for the person at the terminal: the store's own failure when the store
    /// failed (they run it), else the operation's sentence.
    private static func sentence(_ error: OperationError) -> String {
        error.storeFailure.map { "\($0)" } ?? error.problem.detail
    }

    /// Waits for a store's completion handler (the command line has nothing else to do meanwhile).
    static func wait<Value: Sendable, Failure: Error>(
        _ start: (@escaping @Sendable (Result<Value, Failure>) -> Void) -> Void
    ) -> Result<Value, Failure> {
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<Result<Value, Failure>?>(nil)
        start { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        // Signalled only after the answer was set: nil cannot happen.
        guard let result = answer.withLock({ $0 }) else { preconditionFailure("a store answered without a result") }
        return result
    }
}
