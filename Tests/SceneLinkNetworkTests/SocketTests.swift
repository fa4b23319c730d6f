import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneLinkNetwork

@Suite struct SocketTests {
    @Test(arguments: ["127.0.0.1", "0.0.0.0", "::1", "::", "localhost"])
    func listensOnPortZeroAndReportsTheBoundPort(_ host: String) throws {
        let listener = try Socket.listen(host: host, port: 0)
        let port = try listener.localPort()
        #expect(port > 0 && port <= 65_535)
        let loopback = IPAddress(host == "::1" || host == "::" ? "::1" : "127.0.0.1") ?? .unspecified
        let client = try Socket.connect(to: loopback, port: port, before: .after(.milliseconds(500)))
        client.close()
    }

    @Test func acceptsIPv4ClientsOnTheIPv6Wildcard() throws {
        let listener = try Socket.listen(host: "::", port: 0)
        let client = try Socket.connect(to: IPAddress(ipv4: 0x7F00_0001), port: try listener.localPort(), before: .after(.milliseconds(500)))
        guard case .accepted(let accepted, let peer) = listener.accept() else {
            Issue.record("no connection to accept")
            return
        }
        #expect(accepted.fd >= 0)
        #expect(peer == IPAddress("127.0.0.1"))
        client.close()
    }

    @Test func reportsNothingToAcceptWithoutBlocking() throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        guard case .wouldBlock = listener.accept() else {
            Issue.record("accept should not block or succeed on an idle listener")
            return
        }
    }

    @Test func reportsATakenPortWithErrnoAndMessage() throws {
        let first = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = try first.localPort()
        #expect {
            _ = try Socket.listen(host: "127.0.0.1", port: port)
        } throws: { error in
            guard let error = error as? SocketError else { return false }
            return error.code == EADDRINUSE
                && error.description == "bind to 127.0.0.1:\(port) failed: Address already in use (errno \(EADDRINUSE))."
        }
    }

    @Test func reportsAnUnknownHostInOneSentence() {
        #expect {
            _ = try Socket.listen(host: "no such host .invalid", port: 0)
        } throws: { error in
            let description = String(describing: error)
            return description.hasPrefix("resolve host no such host .invalid failed: ") && description.hasSuffix(".")
        }
    }

    @Test func rejectsPortsOutOfRange() {
        #expect(throws: SocketError.self) { _ = try Socket.listen(host: "127.0.0.1", port: 70_000) }
    }

    @Test func closesItsDescriptorOnce() throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        #expect(listener.fd >= 0)
        listener.close()
        #expect(listener.fd == -1)
        listener.close()  // a second close does nothing
        #expect(listener.fd == -1)
    }

    @Test func readsExactlyAndWritesAllBeforeADeadline() throws {
        let (client, server) = try Self.connectedPair()
        try client.write(Array("hello world".utf8), before: .after(.seconds(2)))
        #expect(try server.read(exactly: 5, before: .after(.seconds(2))) == Array("hello".utf8))
        #expect(try server.read(exactly: 6, before: .after(.seconds(2))) == Array(" world".utf8))
    }

    @Test func aReadThatGetsNothingEndsAtItsDeadlineWithETIMEDOUT() throws {
        let (client, server) = try Self.connectedPair()
        defer { withExtendedLifetime(client) {} }  // open and silent: the read can only time out
        let start = MonotonicClock.microseconds(.fine)
        #expect {
            _ = try server.read(exactly: 1, before: .after(.milliseconds(100)))
        } throws: { error in
            (error as? SocketError)?.isTimeout == true
        }
        #expect(MonotonicClock.microseconds(.fine) - start >= 90_000)
    }

    @Test func aReadCutShortByTheEndOfStreamSaysHowMuchCame() throws {
        let (client, server) = try Self.connectedPair()
        try client.write([1, 2], before: .after(.seconds(2)))
        try client.shutdownWrite()
        #expect(throws: SocketError(operation: "read 3 bytes", code: 0, message: "the peer closed the connection after 2")) {
            _ = try server.read(exactly: 3, before: .after(.seconds(2)))
        }
        #expect(try server.read(upTo: 8, before: .after(.seconds(2))).isEmpty)
    }

    @Test func aRefusedConnectionCarriesECONNREFUSEDInOneSentence() throws {
        let closed = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = try closed.localPort()
        closed.close()
        #expect {
            _ = try Socket.connect(to: IPAddress(ipv4: 0x7F00_0001), port: port, before: .after(.seconds(2)))
        } throws: { error in
            guard let error = error as? SocketError else { return false }
            return error.code == ECONNREFUSED
                && error.description == "connect to 127.0.0.1 port \(port) failed: Connection refused (errno \(ECONNREFUSED))."
        }
    }

    @Test func relaysBothWaysAndPassesOnAHalfClose() throws {
        let (client, near) = try Self.connectedPair()
        let (far, server) = try Self.connectedPair()
        let relay = Thread { Socket.relay(between: near, and: far, bufferBytes: 4, idleTimeout: .seconds(2)) }
        relay.start()
        try client.write(Array("ping pong".utf8), before: .after(.seconds(2)))
        #expect(try server.read(exactly: 9, before: .after(.seconds(2))) == Array("ping pong".utf8))
        try server.write(Array("back".utf8), before: .after(.seconds(2)))
        #expect(try client.read(exactly: 4, before: .after(.seconds(2))) == Array("back".utf8))
        try client.shutdownWrite()
        #expect(try server.read(upTo: 8, before: .after(.seconds(2))).isEmpty)
    }

    /// A connected client and the server side accepted for it, on loopback.
    static func connectedPair() throws -> (client: Socket, server: Socket) {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        let client = try Socket.connect(to: IPAddress(ipv4: 0x7F00_0001), port: try listener.localPort(), before: .after(.seconds(2)))
        for _ in 0 ..< 200 {
            switch listener.accept() {
            case .accepted(let server, _): return (client, server)
            case .wouldBlock, .retry: usleep(5_000)
            case .outOfDescriptors, .failed: break
            }
        }
        throw SocketError(operation: "accept a test connection", code: 0, message: "nothing to accept")
    }
}
