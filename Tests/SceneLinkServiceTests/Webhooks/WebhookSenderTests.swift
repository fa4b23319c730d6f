import Foundation
import SceneLinkNetwork
import Synchronization
import Testing
@testable import SceneLinkService
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sender through libcurl and the process's egress guard, as deliveries go:
/// `localhost` resolves (from /etc/hosts) to loopback, and a local listener stands for the receiver.
@Suite struct WebhookSenderTests {
    /// An attempt sent without waiting for it: its answer once the sender calls back.
    final class Attempt: Sendable {
        private let answered = DispatchSemaphore(value: 0)
        private let answer = Mutex<WebhookSender.Answer?>(nil)

        /// Sends a POST of `{}` (or no body) to `url` through `sender`.
        init(_ sender: WebhookSender, _ url: String, body: Bool = true) throws {
            var request = URLRequest(url: try #require(URL(string: url)))
            request.httpMethod = "POST"
            if body { request.httpBody = Data("{}".utf8) }
            sender.send(request, allowPrivate: true) { received in
                self.answer.withLock { $0 = received }
                self.answered.signal()
            }
        }

        /// The answer, once it came within `seconds`; nil when it did not.
        func answer(within seconds: Double) -> WebhookSender.Answer? {
            answered.wait(timeout: .now() + seconds) == .success ? answer.withLock { $0 } : nil
        }
    }

    static func send(_ url: String, allowPrivate: Bool,
                     egress: Result<WebhookEgressGuard, SocketError> = WebhookEgressGuard.process) async throws -> WebhookSender.Answer {
        let sender = WebhookSender(timeout: 3, maximumResponseBytes: 1024, connectionsPerHost: 4, egress: egress)
        defer { sender.stop() }
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        return await withCheckedContinuation { continuation in
            sender.send(request, allowPrivate: allowPrivate) { continuation.resume(returning: $0) }
        }
    }

    @Test func theProcessGuardIsWhereLibcurlSendsHTTPS() throws {
        let egress = try WebhookEgressGuard.process.get()
        #expect(egress.routesProcessHTTPS)
        #expect(ProcessInfo.processInfo.environment["https_proxy"] == "socks5h://127.0.0.1:\(egress.port)")
        #expect(ProcessInfo.processInfo.environment["no_proxy"] == nil)
    }

    @Test func anHTTPSTargetWhoseNameResolvesToLoopbackIsRefusedWhenLibcurlConnects() async throws {
        let receiver = try TestListener()
        let answer = try await Self.send("https://localhost:\(receiver.port)/in", allowPrivate: false)
        #expect(answer.refused)
        #expect(answer.status == nil)
        #expect(answer.error?.hasPrefix("The host localhost resolves to ") == true, "\(answer)")
        #expect(answer.error?.hasSuffix("(run scenelink with --webhook-allow-private to allow private ones).") == true)
        #expect(receiver.accept(within: 0.3) == nil)
    }

    @Test func withPrivateTargetsAllowedTLSGoesThroughTheGuardToTheResolvedAddressNamingTheHost() throws {
        let receiver = try TestListener()
        let sender = WebhookSender(timeout: 3, maximumResponseBytes: 1024, connectionsPerHost: 4)
        defer { sender.stop() }
        // Sent before the test blocks on the listener: the sender works on a thread of its own.
        let attempt = try Attempt(sender, "https://localhost:\(receiver.port)/in", body: false)
        // The listener is no TLS server: it reads the ClientHello, which libcurl wrote into the
        // tunnel with the URL's host as its server name, and hangs up.
        let accepted = try #require(receiver.accept(within: 10))
        let hello = accepted.read(512)
        #expect(hello.prefix(2) == [0x16, 0x03], "a TLS handshake record")
        #expect(String(decoding: hello, as: UTF8.self).contains("localhost"), "the server name (SNI) is the URL's host")
        shutdown(accepted.fd, Int32(SHUT_RDWR))
        let finished = try #require(attempt.answer(within: 10))
        #expect(!finished.refused)
        #expect(finished.status == nil)
        #expect(finished.error != nil)
    }

    @Test func anOversizedBodyIsNotReadAndTheAnswerIsItsStatusWithRetryAfter() throws {
        let receiver = try TestListener()
        // A timeout far longer than the test: only the size limit can end the attempt soon.
        let sender = WebhookSender(timeout: 60, maximumResponseBytes: 1024, connectionsPerHost: 4)
        defer { sender.stop() }
        let attempt = try Attempt(sender, "http://127.0.0.1:\(receiver.port)/in")
        let accepted = try #require(receiver.accept(within: 10))
        _ = accepted.read(1)
        // 8 KB of a promised megabyte, and the connection stays open.
        try accepted.write(Array("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 7\r\nContent-Length: 1000000\r\n\r\n".utf8)
            + [UInt8](repeating: 0x78, count: 8192))
        let finished = try #require(attempt.answer(within: 10), "the attempt went on reading past the limit")
        #expect(finished.status == 429)
        #expect(finished.retryAfter == "7")
        _ = accepted
    }

    @Test func plainHTTPIsRefusedBeforeConnectingUnlessPrivateTargetsAreAllowed() async throws {
        let receiver = try TestListener()
        let answer = try await Self.send("http://127.0.0.1:\(receiver.port)/in", allowPrivate: false)
        #expect(answer.refused)
        #expect(answer.error == "The url must be https (http is sent only when scenelink runs with --webhook-allow-private).")
        #expect(receiver.accept(within: 0.3) == nil)
    }

    @Test func nothingIsSentWhenHTTPSProxyDoesNotPointAtTheGuard() async throws {
        let receiver = try TestListener()
        let stranger = try WebhookEgressGuard(resolver: FakeHostResolver(["localhost": ["127.0.0.1"]]))
        defer { stranger.stop() }
        let answer = try await Self.send("https://localhost:\(receiver.port)/in", allowPrivate: true, egress: .success(stranger))
        #expect(answer.error == "https_proxy no longer points at the egress guard (or no_proxy is set), so nothing is sent; "
            + "restart scenelink without changing them")
        #expect(receiver.accept(within: 0.3) == nil)
    }

    @Test func stoppingCancelsAnAttemptInFlightAndRefusesTheNext() throws {
        let receiver = try TestListener()
        // A timeout far longer than the test: only the cancel can end the attempt soon.
        let sender = WebhookSender(timeout: 60, maximumResponseBytes: 1024, connectionsPerHost: 4)
        let attempt = try Attempt(sender, "http://127.0.0.1:\(receiver.port)/in")
        // The attempt is in flight once the receiver has its connection (and never answers).
        let accepted = try #require(receiver.accept(within: 10))
        sender.stop()
        let cancelled = try #require(attempt.answer(within: 10), "stopping did not end the attempt")
        #expect(cancelled.status == nil && cancelled.error != nil)
        _ = accepted
        let refused = try Attempt(sender, "http://127.0.0.1:\(receiver.port)/in")
        #expect(refused.answer(within: 10)?.error == "the sender was stopped")
    }
}
