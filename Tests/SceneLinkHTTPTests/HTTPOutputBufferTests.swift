import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPOutputBufferTests {
    private func text(_ buffer: borrowing HTTPOutputBuffer) -> String {
        String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test func writesEveryKindOfPieceInOrder() {
        var buffer = HTTPOutputBuffer()
        buffer.write("HTTP/1.1 ")
        buffer.write(decimal: 404)
        buffer.write(32)
        buffer.write(utf8: "Not Found ✓")
        buffer.write(Array("\r\n".utf8))
        #expect(text(buffer) == "HTTP/1.1 404 Not Found ✓\r\n")
        #expect(buffer.count == buffer.bytes.count)
    }

    @Test(arguments: [0, 7, 9, 10, 99, 100, 65_535, 1_000_000_007, Int.max])
    func writesDecimalsLikeDescription(_ value: Int) {
        var buffer = HTTPOutputBuffer()
        buffer.write("x")
        buffer.write(decimal: value)
        #expect(text(buffer) == "x\(value)")
    }

    @Test func writesNegativeDecimalsAsZero() {
        var buffer = HTTPOutputBuffer()
        buffer.write(decimal: -5)
        #expect(text(buffer) == "0")
    }

    @Test func growsPastItsCapacityKeepingWhatWasWritten() {
        var buffer = HTTPOutputBuffer(capacity: 64)
        var expected: [UInt8] = []
        for round in 0 ..< 500 {
            let piece = Array(repeating: UInt8(65 + round % 26), count: round % 37)
            buffer.write(piece)
            buffer.write(10)
            expected += piece + [10]
        }
        #expect(Array(buffer.bytes) == expected)
    }

    @Test func removeAllStartsOverAfterALargeResponse() {
        var buffer = HTTPOutputBuffer(capacity: 64)
        buffer.write(Array(repeating: 1, count: 200_000))
        #expect(buffer.count == 200_000)
        buffer.removeAll(keepingAtMost: 1_024)
        #expect(buffer.count == 0)
        buffer.write("after")
        #expect(text(buffer) == "after")
    }
}
