// Hummingbird 2 + PostgresNIO: SceneLink's value restore and save on SceneLink's own database,
// as a team would write them without SceneLink.
//
//   GET /v1/sessions/:id/scenes/:scene/values/:key   the same SELECT SceneLink's store runs
//   PUT /v1/sessions/:id/scenes/:scene/values/:key   the same function (scenelink_put_value),
//                                                    one autocommit transaction per save
//
// All three statements are prepared once per connection (PostgresPreparedStatement), as
// SceneLink's are. Both authenticate as SceneLink does: Bearer token, SHA-256 compared with the session's
// token_hash, sessions kept in memory after the first read (SceneLink caches them too).
// Environment: PORT (default 8082), PGHOST, PGPORT, PGUSER, PGDATABASE, PG_CONNECTIONS (default 8).
import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore
import PostgresNIO
import Synchronization

let environment = ProcessInfo.processInfo.environment
let port = Int(environment["PORT"] ?? "") ?? 8082
var configuration = PostgresClient.Configuration(
    host: environment["PGHOST"] ?? "127.0.0.1", port: Int(environment["PGPORT"] ?? "") ?? 5432,
    username: environment["PGUSER"] ?? "scenelink", password: nil,
    database: environment["PGDATABASE"] ?? "scenelink", tls: .disable)
let connections = Int(environment["PG_CONNECTIONS"] ?? "") ?? 8
configuration.options.minimumConnections = connections
configuration.options.maximumConnections = connections
var logger = Logger(label: "hbpg")
logger.logLevel = .error
let client = PostgresClient(configuration: configuration, backgroundLogger: logger)

struct Session: Sendable {
    let tokenHash: [UInt8]
    let expiresAt: Int64
}

struct SelectSession: PostgresPreparedStatement {
    static let sql = "SELECT token_hash, expires_at FROM sessions WHERE id = $1"
    typealias Row = (ByteBuffer, Int64)
    var id: String
    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(id)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

struct SelectValue: PostgresPreparedStatement {
    static let sql = """
        SELECT v.content_type, v.revision, v.bytes
        FROM sessions AS s LEFT JOIN scene_values AS v ON v.session_id = s.id AND v.scene = $2 AND v.value_key = $3
        WHERE s.id = $1
        """
    typealias Row = (String?, Int64?, ByteBuffer?)
    var id: String, scene: String, key: String
    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(id)
        bindings.append(scene)
        bindings.append(key)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

struct PutValue: PostgresPreparedStatement {
    static let sql = """
        SELECT o_status, o_revision, o_created
        FROM scenelink_put_value($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
        """
    typealias Row = (Int32, Int64?, Bool?)
    var id: String, scene: String, key: String, contentType: String, bytes: ByteBuffer
    func makeBindings() -> PostgresBindings {
        let none: [Int64] = [], noCondition: Int32 = 0, maximumKeys: Int32 = 100_000, maximumScenes: Int32 = 1000
        var bindings = PostgresBindings()
        bindings.append(id)
        bindings.append(scene)
        bindings.append(key)
        bindings.append(contentType)
        bindings.append(bytes)
        bindings.append(noCondition)
        bindings.append(none)
        bindings.append(noCondition)
        bindings.append(none)
        bindings.append(maximumKeys)
        bindings.append(maximumScenes)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

let sessions = Mutex<[String: Session]>([:])

enum Failure: Error { case unauthorized, notFound }

/// The session `id` if the request's Bearer token is its token.
func authenticate(_ request: Request, id: String) async throws -> Session {
    guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { throw Failure.unauthorized }
    let hash = Array(SHA256.hash(data: Array(header.dropFirst(7).utf8)))
    var session = sessions.withLock { $0[id] }
    if session == nil {
        for try await (tokenHash, expiresAt) in try await client.execute(SelectSession(id: id), logger: logger) {
            session = Session(tokenHash: Array(buffer: tokenHash), expiresAt: expiresAt)
        }
        if let session { sessions.withLock { $0[id] = session } }
    }
    guard let session, session.tokenHash == hash else { throw Failure.unauthorized }
    guard session.expiresAt > Int64(Date().timeIntervalSince1970 * 1000) else { throw Failure.notFound }
    return session
}

func failure(_ error: Error) -> Response {
    switch error {
    case Failure.unauthorized: return Response(status: .unauthorized)
    case Failure.notFound: return Response(status: .notFound)
    default: return Response(status: .serviceUnavailable, headers: [.retryAfter: "1"])
    }
}

let router = Router()
router.get("v1/sessions/:id/scenes/:scene/values/:key") { request, context -> Response in
    do {
        let id = try context.parameters.require("id"), scene = try context.parameters.require("scene")
        let key = try context.parameters.require("key")
        _ = try await authenticate(request, id: id)
        var response = Response(status: .notFound)
        let rows = try await client.execute(SelectValue(id: id, scene: scene, key: key), logger: logger)
        for try await (contentType, revision, bytes) in rows {
            if let contentType, let revision, let bytes {
                response = Response(status: .ok, headers: [.contentType: contentType, .eTag: "\"v\(revision)\"",
                                                           .cacheControl: "private, no-cache"],
                                    body: .init(byteBuffer: bytes))
            }
        }
        return response
    } catch {
        return failure(error)
    }
}
router.put("v1/sessions/:id/scenes/:scene/values/:key") { request, context -> Response in
    do {
        let id = try context.parameters.require("id"), scene = try context.parameters.require("scene")
        let key = try context.parameters.require("key")
        _ = try await authenticate(request, id: id)
        let body = try await request.body.collect(upTo: 65_536)
        let contentType = request.headers[.contentType] ?? "application/octet-stream"
        var response = Response(status: .internalServerError)
        let put = PutValue(id: id, scene: scene, key: key, contentType: contentType, bytes: body)
        for try await (status, revision, created) in try await client.execute(put, logger: logger) {
            if status == 0, let revision {
                response = Response(status: created == true ? .created : .noContent, headers: [.eTag: "\"v\(revision)\""])
            } else if status == 1 {
                response = Response(status: .notFound)
            } else {
                response = Response(status: .conflict)
            }
        }
        return response
    } catch {
        return failure(error)
    }
}

let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "hbpg"),
                      services: [client], logger: logger)
try await app.runService()
