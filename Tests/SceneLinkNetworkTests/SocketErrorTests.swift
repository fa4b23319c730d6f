#if canImport(Glibc)
import Glibc
#endif
import Testing
import SceneLinkNetwork

@Suite struct SocketErrorTests {
    @Test func printsOneSentenceWithTheSystemMessageAndErrno() {
        #expect(SocketError.system("bind to 127.0.0.1:8080", errno: EADDRINUSE).description
            == "bind to 127.0.0.1:8080 failed: Address already in use (errno \(EADDRINUSE)).")
        #expect(SocketError(operation: "resolve host x.invalid", code: 0, message: "Name or service not known").description
            == "resolve host x.invalid failed: Name or service not known.")
    }

    @Test func aPassedDeadlineIsATimeoutAsTheKernelsIs() {
        #expect(SocketError.deadlinePassed("read from a socket").isTimeout)
        #expect(SocketError.system("connect to 192.0.2.1 port 443", errno: ETIMEDOUT).isTimeout)
        #expect(!SocketError.system("connect to 192.0.2.1 port 443", errno: ECONNREFUSED).isTimeout)
    }
}
