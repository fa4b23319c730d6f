import Testing
@testable import SceneLinkNetwork

@Suite struct IPAddressTests {
    @Test func parsesAndPrintsBothFamilies() {
        #expect(IPAddress("192.0.2.7")?.description == "192.0.2.7")
        #expect(IPAddress("192.0.2.7")?.isIPv4 == true)
        #expect(IPAddress("2001:DB8:0:0::1")?.description == "2001:db8::1")
        #expect(IPAddress("[::1]")?.description == "::1")
        #expect(IPAddress("::ffff:192.0.2.7") == IPAddress("192.0.2.7"))
    }

    @Test func refusesWhatIsNotAnAddress() {
        for text in ["", "unknown", "192.0.2.7:80", "1.2.3", "256.1.1.1", "example.com", "::g", "_hidden"] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
    }

    @Test func masksToAPrefix() {
        let address = IPAddress("2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff") ?? .unspecified
        #expect(address.masked(toPrefixLength: 64).description == "2001:db8:aaaa:bbbb::")
        #expect(address.masked(toPrefixLength: 0) == .unspecified)
        #expect(IPAddress("192.0.2.7")?.masked(toPrefixLength: 120).description == "192.0.2.0")
    }

    @Test func readsTheBytesASOCKS5RequestCarries() {
        #expect(IPAddress(networkBytes: [93, 184, 216, 34]) == IPAddress("93.184.216.34"))
        #expect(IPAddress(networkBytes: [0x26, 0x06, 0x28, 0] + [UInt8](repeating: 0, count: 11) + [1]) == IPAddress("2606:2800::1"))
        #expect(IPAddress(networkBytes: [1, 2, 3]) == nil)
    }

    @Test func convertsToASocketAddressAndBack() {
        for text in ["192.0.2.7", "2001:db8::1", "::"] {
            let address = IPAddress(text) ?? .unspecified
            let back = address.withSocketAddress(port: 443) { pointer, _ in IPAddress(socketAddress: pointer) }
            #expect(back == address, "\(text)")
        }
    }
}
