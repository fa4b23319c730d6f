import Foundation
import SceneLinkPostgres
@testable import SceneLinkService
import Synchronization
import Testing

@Suite struct CommandLineToolServeTests {
    /// Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    static let unreachable = "postgres://scenelink:s3cr3t-passw0rd@127.0.0.1:1/scenelink?connect_timeout=2"

    @Test func aStoreThatCannotBeReachedIsAStartupErrorThatNeverShowsThePassword() throws {
        let output = Mutex((out: "", err: ""))
        let tool = CommandLineTool(environment: [:], out: { text in output.withLock { $0.out += text } },
                                   err: { text in output.withLock { $0.err += text } })
        let status = tool.run(["serve", "--port", "0", "--store", Self.unreachable])
        let (out, err) = output.withLock { $0 }
        #expect(status == 1)
        #expect(err.contains("Cannot open the PostgreSQL store"))
        #expect(err.contains("127.0.0.1:1/scenelink"))
        #expect(!err.contains("s3cr3t") && !out.contains("s3cr3t"))
    }

    @Test func theStoreErrorAndTheRedactedAddressNeverShowThePassword() {
        do {
            _ = try PostgresSceneStateStore(url: Self.unreachable)
            Issue.record("a store on port 1 opened")
        } catch {
            #expect(error.isConnectionFailure)
            #expect(!error.description.contains("s3cr3t"))
        }
        #expect(PostgresSceneStateStore.redactedAddress(Self.unreachable) == "postgres://127.0.0.1:1/scenelink")
    }
}
