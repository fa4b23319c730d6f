import SceneLinkHTTP
import SceneLinkNetwork
import Testing

@Suite struct HTTPAccessRecordTests {
    @Test func printsOneJSONLine() {
        let record = HTTPAccessRecord(time: 784_111_777_123_456, method: .get, path: "/a\"b", routePattern: "/a",
                                      status: 200, responseBytes: 120, durationMicroseconds: 35,
                                      client: IPAddress("2001:db8::7") ?? .unspecified, requestID: HTTPRequestID(accepting: "req-1") ?? .none)
        #expect(record.jsonLine == #"{"time":"1994-11-06T08:49:37.123456Z","method":"GET","path":"/a\"b","status":200,"bytes":120,"duration_us":35,"client":"2001:db8::7","request_id":"req-1"}"#)
        #expect(!record.jsonLine.contains("\n"))
    }
}
