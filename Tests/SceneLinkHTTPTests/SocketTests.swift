#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SceneLinkHTTP

@Suite struct SocketTests {
    @Test(arguments: ["127.0.0.1", "0.0.0.0", "::1", "::", "localhost"])
    func listensOnPortZeroAndReportsTheBoundPort(_ host: String) throws {
        let listener = try Socket.listen(host: host, port: 0)
        let port = try listener.localPort()
        #expect(port > 0 && port <= 65_535)
        let client = try TestClient(port: port, host: host == "::1" || host == "::" ? "::1" : "127.0.0.1",
                                    timeoutMilliseconds: 500)
        client.close()
    }

    @Test func acceptsIPv4ClientsOnTheIPv6Wildcard() throws {
        let listener = try Socket.listen(host: "::", port: 0)
        let client = try TestClient(port: try listener.localPort(), host: "127.0.0.1", timeoutMilliseconds: 500)
        guard case .accepted(let accepted, _) = listener.accept() else {
            Issue.record("no connection to accept")
            return
        }
        #expect(accepted.fd >= 0)
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
}
