import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPClientAddressTests {
    @Test func parsesAndPrintsBothFamilies() {
        #expect(HTTPClientAddress("192.0.2.7")?.description == "192.0.2.7")
        #expect(HTTPClientAddress("192.0.2.7")?.isIPv4 == true)
        #expect(HTTPClientAddress("2001:DB8:0:0::1")?.description == "2001:db8::1")
        #expect(HTTPClientAddress("[::1]")?.description == "::1")
        #expect(HTTPClientAddress("::ffff:192.0.2.7") == HTTPClientAddress("192.0.2.7"))
    }

    @Test func refusesWhatIsNotAnAddress() {
        for text in ["", "unknown", "192.0.2.7:80", "1.2.3", "256.1.1.1", "example.com", "::g", "_hidden"] {
            #expect(HTTPClientAddress(text) == nil, "\(text)")
        }
    }

    @Test func masksToAPrefix() {
        let address = HTTPClientAddress("2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff") ?? .unspecified
        #expect(address.masked(toPrefixLength: 64).description == "2001:db8:aaaa:bbbb::")
        #expect(address.masked(toPrefixLength: 0) == .unspecified)
        #expect(HTTPClientAddress("192.0.2.7")?.masked(toPrefixLength: 120).description == "192.0.2.0")
    }
}
