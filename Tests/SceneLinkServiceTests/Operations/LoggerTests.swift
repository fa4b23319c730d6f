import Foundation
import Synchronization
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite("Logger")
struct LoggerTests {
    final class Capture: Sendable {
        let chunks = Mutex<[String]>([])
        var text: String { chunks.withLock { $0.joined() } }
        func sink(_ bytes: [UInt8]) { chunks.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
    }

    @Test("events are JSON lines with time, level and fields")
    func eventLine() throws {
        let capture = Capture()
        let logger = Logger(level: .info) { capture.sink($0) }
        logger.log(.info, "startup", [("port", 8080), ("routes", "built-in \"FuelMoney\"")])
        let line = capture.text
        #expect(line.hasSuffix("}\n"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "startup")
        #expect(object["level"] as? String == "info")
        #expect(object["port"] as? Int == 8080)
        #expect(object["routes"] as? String == "built-in \"FuelMoney\"")
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("events below the level are dropped")
    func levels() {
        let capture = Capture()
        let logger = Logger(level: .warning) { capture.sink($0) }
        logger.log(.info, "quiet")
        logger.log(.error, "loud")
        #expect(!capture.text.contains("quiet"))
        #expect(capture.text.contains("loud"))
    }

    @Test("access lines are batched until flushed")
    func batching() {
        let capture = Capture()
        let logger = Logger(level: .info) { capture.sink($0) }
        logger.access(#"{"path":"/a"}"#)
        logger.access(#"{"path":"/b"}"#)
        #expect(capture.text.isEmpty)
        logger.flush()
        #expect(capture.text == "{\"path\":\"/a\"}\n{\"path\":\"/b\"}\n")
        #expect(capture.chunks.withLock { $0.count } == 1)
    }
}
