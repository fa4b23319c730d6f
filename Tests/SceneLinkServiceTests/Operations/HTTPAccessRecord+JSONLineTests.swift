import SceneLinkHTTP
import SceneLinkNetwork
import SceneLinkService
import Testing

@Suite struct HTTPAccessRecordJSONLineTests {
    let record = HTTPAccessRecord(time: 784_111_777_123_456, method: .get, path: "/a\"b", routePattern: "/a",
                                  status: 200, responseBytes: 120, durationMicroseconds: 35,
                                  client: IPAddress("2001:db8::7") ?? .unspecified, requestID: HTTPRequestID(accepting: "req-1") ?? .none)

    @Test func printsOneJSONLineWithItsMembersInTheDocumentedOrder() {
        #expect(record.jsonLine == #"{"time":"1994-11-06T08:49:37.123456Z","method":"GET","path":"/a\"b","status":200,"bytes":120,"duration_us":35,"client":"2001:db8::7","request_id":"req-1"}"#)
        #expect(!record.jsonLine.contains("\n"))
    }

    @Test func namesThePrincipalLastWhenAGuardNamedOne() {
        var named = record
        named.principal = "key:0123456789abcdef"
        #expect(named.jsonLine.hasSuffix(#","request_id":"req-1","principal":"key:0123456789abcdef"}"#))
    }

    @Test func escapesAPathThatHoldsAControlCharacter() {
        var odd = record
        odd.path = "/a\u{1}b\n"
        #expect(odd.jsonLine.contains(#""path":"/a\u0001b\n""#))
    }
}
