import Testing
@testable import SceneLinkCore

/// How values print into link segments.
@Suite struct LinkPrinterTests {
    @Test(arguments: ["account", "a/b", "a b", "100%", "é", "?#:@", "-._~!$&'()*+,;=", "\"\\", ""])
    func appendingASegmentWritesWhatEncodingItGives(text: String) {
        var out: [UInt8] = [UInt8(ascii: "x")]
        var text = text
        text.withUTF8 { LinkPrinter.appendSegment($0, to: &out) }
        #expect(String(decoding: out, as: UTF8.self) == "x" + LinkPrinter.encodeSegment(text))
    }

    @Test func aSegmentKeepsSafeBytesAndPercentEncodesEveryOther() {
        #expect(LinkPrinter.encodeSegment("a/b c%é") == "a%2Fb%20c%25%C3%A9")
        #expect(LinkPrinter.encodeSegment("Item-3.x_~") == "Item-3.x_~")
    }
}
