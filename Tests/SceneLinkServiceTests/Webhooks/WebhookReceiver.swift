import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization

/// A webhook receiver for tests: an in-process HTTP server on port 0 that records every request
/// it is sent and answers each with the next scripted status (then 204).
final class WebhookReceiver: Sendable {
    struct Received: Sendable {
        var id: String
        var timestamp: String
        var signature: String
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One scripted answer: a status and extra headers.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String] = [:]
    }

    /// What the handlers share with the tests.
    private final class Log: Sendable {
        let received = Mutex<[Received]>([])
        let script: Mutex<[Answer]>
        init(_ answers: [Answer]) { script = Mutex(answers) }
    }

    private let log: Log
    private let server: HTTPServer
    let port: Int

    init(answers: [Answer] = []) throws {
        let log = Log(answers)
        self.log = log
        var router = HTTPRouter()
        router.on(.post, "/hook") { request, responder in
            log.received.withLock {
                $0.append(Received(id: request.headers["webhook-id"] ?? "", timestamp: request.headers["webhook-timestamp"] ?? "",
                                   signature: request.headers["webhook-signature"] ?? "", body: request.body))
            }
            let answer = log.script.withLock { $0.isEmpty ? Answer(status: 204) : $0.removeFirst() }
            var headers = HTTPHeaders()
            for (name, value) in answer.headers { headers.set(name, value) }
            responder.respond(HTTPResponse(status: HTTPStatus(code: answer.status, reasonPhrase: "Scripted"), headers: headers))
        }
        router.on(.post, "/elsewhere") { request, responder in
            log.received.withLock { $0.append(Received(id: "redirected", timestamp: "", signature: "", body: request.body)) }
            responder.respond(HTTPResponse(status: .noContent))
        }
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.drainTimeout = .milliseconds(100)
        server = HTTPServer(configuration: configuration, router: router)
        port = try server.start()
    }

    var url: String { "http://127.0.0.1:\(port)/hook" }
    var requests: [Received] { log.received.withLock { $0 } }

    /// The requests once there are `count` (at most 10 s).
    func requests(count: Int) async throws -> [Received] {
        for _ in 0..<1000 {
            let found = requests
            if found.count >= count { return found }
            try await Task.sleep(for: .milliseconds(10))
        }
        return requests
    }

    func stop() async { await server.shutdown() }

    /// Whether `received` carries a v1 signature by `secret` (Standard Webhooks verification).
    static func verifies(_ received: Received, secret: WebhookSecret) -> Bool {
        guard let timestamp = Int64(received.timestamp) else { return false }
        let expected = WebhookSignature.signature(id: received.id, timestamp: timestamp, body: received.body, secret: secret)
        return received.signature.split(separator: " ").contains { $0 == expected }
    }
}
