import Foundation
import SceneLinkNetwork
import Testing
@testable import SceneLinkService

@Suite struct HealthProbeTests {
    @Test func aServerAnswering200IsHealthy() throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = try listener.localPort()
        let server = Thread {
            let deadline = Deadline.after(.seconds(3))
            while !deadline.hasPassed {
                guard case .accepted(let client, _) = listener.accept() else { usleep(2_000); continue }
                _ = try? client.read(upTo: 512, before: deadline)
                try? client.write(Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8), before: deadline)
                return
            }
        }
        server.start()
        #expect(HealthProbe.check(host: "0.0.0.0", port: port) == nil)
    }

    @Test func anotherStatusIsReportedWithItsStatusLine() throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = try listener.localPort()
        let server = Thread {
            let deadline = Deadline.after(.seconds(3))
            while !deadline.hasPassed {
                guard case .accepted(let client, _) = listener.accept() else { usleep(2_000); continue }
                _ = try? client.read(upTo: 512, before: deadline)
                try? client.write(Array("HTTP/1.1 503 Service Unavailable\r\n\r\n".utf8), before: deadline)
                return
            }
        }
        server.start()
        #expect(HealthProbe.check(host: "127.0.0.1", port: port) == "the server answered HTTP/1.1 503 Service Unavailable")
    }

    @Test func noServerIsReportedWithTheSystemMessage() throws {
        let closed = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = try closed.localPort()
        closed.close()
        #expect(HealthProbe.check(host: "127.0.0.1", port: port) == "no server at 127.0.0.1:\(port): Connection refused")
    }

    @Test func aHostThatDoesNotResolveIsReported() {
        let problem = HealthProbe.check(host: "no-such-host.invalid", port: 8080)
        #expect(problem?.hasPrefix("cannot resolve no-such-host.invalid: ") == true)
    }
}
