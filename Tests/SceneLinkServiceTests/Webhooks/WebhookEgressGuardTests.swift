import Foundation
import Testing
@testable import SceneLinkService

/// The guard driven directly: a SOCKS5 client speaking as libcurl does, a resolver under the
/// test's control, and a local listener standing for the address a name resolves to.
@Suite struct WebhookEgressGuardTests {
    /// Greets, asks for `name`:`port` (ATYP 3, as with socks5h) and answers the reply byte.
    static func connect(through egress: WebhookEgressGuard, to name: String, port: Int) throws -> (TestConnection, UInt8?) {
        let client = try TestConnection(port: egress.port)
        try client.write([5, 2, 0, 1])
        #expect(client.read(2) == [5, 0])
        try client.write([5, 1, 0, 3, UInt8(name.utf8.count)] + Array(name.utf8) + [UInt8(port >> 8), UInt8(port & 0xff)])
        let reply = client.read(10)
        return (client, reply.count == 10 ? reply[1] : nil)
    }

    @Test func aNameResolvingToLoopbackIsRefusedAtConnectTimeAndNothingConnects() throws {
        let receiver = try TestListener()
        let resolver = FakeHostResolver(["rebind.example": ["127.0.0.1"]])
        let egress = try WebhookEgressGuard(resolver: resolver)
        defer { egress.stop() }
        let admission = egress.admit(host: "rebind.example", port: receiver.port, allowPrivate: false)

        let (_, reply) = try Self.connect(through: egress, to: "rebind.example", port: receiver.port)

        #expect(reply == SOCKS5Reply.notAllowed.rawValue)
        #expect(receiver.accept(within: 0.3) == nil)
        #expect(resolver.questions == ["rebind.example"])
        #expect(egress.release(admission) == WebhookEgressGuard.Outcome(refusal:
            "The host rebind.example resolves to 127.0.0.1, a loopback, private, link-local or multicast address; webhooks go to "
            + "public addresses only (run scenelink with --webhook-allow-private to allow private ones)."))
    }

    @Test func aNameWithOnePrivateAddressAmongPublicOnesIsRefused() throws {
        let resolver = FakeHostResolver(["mixed.example": ["93.184.216.34", "10.0.0.7"]])
        let egress = try WebhookEgressGuard(resolver: resolver)
        defer { egress.stop() }
        let admission = egress.admit(host: "MIXED.example", port: 443, allowPrivate: false)
        let (_, reply) = try Self.connect(through: egress, to: "mixed.example", port: 443)
        #expect(reply == SOCKS5Reply.notAllowed.rawValue)
        #expect(egress.release(admission).refusal?.contains("resolves to 10.0.0.7") == true)
    }

    @Test func withPrivateAddressesAllowedTheTunnelReachesTheResolvedAddressAndRelaysBothWays() throws {
        let receiver = try TestListener()
        let resolver = FakeHostResolver(["receiver.test": ["127.0.0.1"]])
        let egress = try WebhookEgressGuard(resolver: resolver)
        defer { egress.stop() }
        let admission = egress.admit(host: "receiver.test", port: receiver.port, allowPrivate: true)

        let (client, reply) = try Self.connect(through: egress, to: "receiver.test", port: receiver.port)
        #expect(reply == SOCKS5Reply.succeeded.rawValue)
        let accepted = try #require(receiver.accept(within: 2))
        // More than one buffer's worth each way, so the bounded buffers must cycle.
        let request = [UInt8](repeating: 0x41, count: 100_000)
        try client.write(request)
        #expect(accepted.read(request.count) == request)
        try accepted.write(Array("pong".utf8))
        #expect(client.read(4) == Array("pong".utf8))
        // The receiver closes: the client sees the end of the stream.
        shutdown(accepted.fd, Int32(SHUT_WR))
        #expect(client.readUntilClosed().isEmpty)
        #expect(egress.release(admission) == WebhookEgressGuard.Outcome())
        #expect(resolver.questions == ["receiver.test"])
    }

    @Test func aDestinationNoAttemptAdmittedIsRefusedWithoutResolvingIt() throws {
        let resolver = FakeHostResolver(["elsewhere.example": ["93.184.216.34"]])
        let egress = try WebhookEgressGuard(resolver: resolver)
        defer { egress.stop() }
        let admission = egress.admit(host: "hooks.example", port: 443, allowPrivate: true)
        let (_, reply) = try Self.connect(through: egress, to: "elsewhere.example", port: 443)
        #expect(reply == SOCKS5Reply.notAllowed.rawValue)
        #expect(resolver.questions.isEmpty)
        egress.release(admission)
        // Once released, the admitted destination is refused too.
        let (_, again) = try Self.connect(through: egress, to: "hooks.example", port: 443)
        #expect(again == SOCKS5Reply.notAllowed.rawValue)
    }

    @Test func aNameThatDoesNotResolveOrAClosedPortIsAFailureNotARefusal() throws {
        let closed = try TestListener()
        let port = closed.port
        _ = consume closed  // nothing listens there now
        let resolver = FakeHostResolver(["gone.example": ["127.0.0.1"]])
        let egress = try WebhookEgressGuard(resolver: resolver)
        defer { egress.stop() }

        let unknown = egress.admit(host: "nowhere.example", port: 443, allowPrivate: true)
        #expect(try Self.connect(through: egress, to: "nowhere.example", port: 443).1 == SOCKS5Reply.hostUnreachable.rawValue)
        #expect(egress.release(unknown) == WebhookEgressGuard.Outcome(failure: "The host nowhere.example does not resolve."))

        let refused = egress.admit(host: "gone.example", port: port, allowPrivate: true)
        #expect(try Self.connect(through: egress, to: "gone.example", port: port).1 == SOCKS5Reply.connectionRefused.rawValue)
        #expect(egress.release(refused) == WebhookEgressGuard.Outcome(
            failure: "Connecting to 127.0.0.1 port \(port) failed: Connection refused."))
    }

    @Test func aClientThatIsNotSOCKS5IsClosedWithoutATunnel() throws {
        let egress = try WebhookEgressGuard(resolver: FakeHostResolver([:]))
        defer { egress.stop() }
        let client = try TestConnection(port: egress.port)
        try client.write(Array("GET http://127.0.0.1/ HTTP/1.1\r\n\r\n".utf8))
        #expect(client.readUntilClosed().isEmpty)
    }

    @Test func anIdleTunnelIsClosed() throws {
        let receiver = try TestListener()
        var configuration = WebhookEgressGuard.Configuration()
        configuration.idleTimeout = 0.2
        let egress = try WebhookEgressGuard(resolver: FakeHostResolver(["idle.test": ["127.0.0.1"]]), configuration: configuration)
        defer { egress.stop() }
        let admission = egress.admit(host: "idle.test", port: receiver.port, allowPrivate: true)
        defer { egress.release(admission) }
        let (client, reply) = try Self.connect(through: egress, to: "idle.test", port: receiver.port)
        #expect(reply == SOCKS5Reply.succeeded.rawValue)
        let accepted = try #require(receiver.accept(within: 2))
        let started = Date()
        #expect(client.readUntilClosed().isEmpty)
        #expect(accepted.readUntilClosed().isEmpty)
        #expect(Date().timeIntervalSince(started) < 4)  // closed by the guard, not by the 5 s read timeout
    }
}
