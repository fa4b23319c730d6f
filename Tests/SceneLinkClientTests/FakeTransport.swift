import Foundation
import SceneLinkClient
import Synchronization

/// A transport that answers from a script instead of a server, and records what was sent.
final class FakeTransport: SceneLinkTransport {
    typealias Handler = @Sendable (TransportRequest, Int) async throws -> TransportResponse
    private let handler: Handler
    private let sent = Mutex<[TransportRequest]>([])

    /// - Parameter handler: answers the request; the second argument counts sends from 0.
    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Answers the scripted responses in order, then fails the test with a 599.
    convenience init(answers: [Result<TransportResponse, TransportError>]) {
        self.init { _, index in
            guard index < answers.count else { return TransportResponse(status: 599) }
            return try answers[index].get()
        }
    }

    var requests: [TransportRequest] { sent.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let index = sent.withLock { requests in
            requests.append(request)
            return requests.count - 1
        }
        return try await handler(request, index)
    }

    /// A problem+json answer.
    static func problem(_ status: Int, _ slug: String, title: String = "Title", detail: String = "Detail.",
                        headers: [String: String] = [:], extra: String = "") -> TransportResponse {
        let body = #"{"type":"https://scenelink.dev/problems/\#(slug)","title":"\#(title)","status":\#(status),"detail":"\#(detail)"\#(extra)}"#
        return TransportResponse(status: status, headers: headers.merging(["Content-Type": "application/problem+json"]) { a, _ in a },
                                 body: Data(body.utf8))
    }
}

/// Values appended from any task, read at the end of a test.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

extension RetryPolicy {
    /// A policy that records its waits instead of sleeping, with the jitter at its lower bound.
    static func recording(_ waits: Recorder<Duration>, attempts: Int = 4) -> RetryPolicy {
        RetryPolicy(maximumAttempts: attempts, initialDelay: .milliseconds(100), maximumDelay: .seconds(1),
                    random: { $0.lowerBound }, sleep: { waits.append($0) })
    }
}
