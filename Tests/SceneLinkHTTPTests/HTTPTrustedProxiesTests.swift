import SceneLinkNetwork
import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPTrustedProxiesTests {
    private func address(_ text: String) -> IPAddress { IPAddress(text) ?? .unspecified }

    private let proxies = (try? HTTPTrustedProxies(parsing: "10.0.0.0/8, 2001:db8:1::/48,127.0.0.1")) ?? HTTPTrustedProxies()

    @Test func anUntrustedPeerIsTheClientWhateverItsHeadersSay() {
        let headers: HTTPHeaders = ["X-Forwarded-For": "203.0.113.9", "Forwarded": "for=198.51.100.1"]
        let (client, forwarded) = proxies.client(peer: address("192.0.2.50"), headers: headers)
        #expect(client == address("192.0.2.50"))
        #expect(!forwarded)
    }

    @Test func withNoTrustedProxiesTheHeadersAreNeverRead() {
        let (client, forwarded) = HTTPTrustedProxies().client(peer: address("10.0.0.1"), headers: ["X-Forwarded-For": "203.0.113.9"])
        #expect(client == address("10.0.0.1"))
        #expect(!forwarded)
    }

    @Test func behindATrustedProxyTheRightmostUntrustedAddressIsTheClient() {
        // The client wrote 6.6.6.6 itself; the proxy appended the address it really saw.
        let (client, forwarded) = proxies.client(peer: address("10.1.2.3"), headers: ["X-Forwarded-For": "6.6.6.6, 203.0.113.9"])
        #expect(client == address("203.0.113.9"))
        #expect(forwarded)
    }

    @Test func aChainOfTrustedProxiesIsWalkedRightToLeftAcrossFields() {
        let headers = HTTPHeaders([(name: "X-Forwarded-For", value: "6.6.6.6, 203.0.113.9"),
                                   (name: "x-forwarded-for", value: "10.9.9.9, 127.0.0.1")])
        #expect(proxies.client(peer: address("10.0.0.2"), headers: headers).client == address("203.0.113.9"))
    }

    @Test func ipv6PeersAndClientsFollowTheSameRule() {
        let (client, forwarded) = proxies.client(peer: address("2001:db8:1::5"),
                                                 headers: ["X-Forwarded-For": "2001:db8:ffff::1, 2001:db8:1:2::9"])
        #expect(client == address("2001:db8:ffff::1"))
        #expect(forwarded)
        #expect(proxies.client(peer: address("2001:db8:2::5"), headers: ["X-Forwarded-For": "1.2.3.4"]).client == address("2001:db8:2::5"))
    }

    @Test func forwardedForIsReadWhenThereIsNoXForwardedFor() {
        let headers: HTTPHeaders = ["Forwarded": #"for=6.6.6.6;proto=http, for="[2001:db8:cafe::17]:4711";by=10.0.0.1"#]
        #expect(proxies.client(peer: address("10.0.0.1"), headers: headers).client == address("2001:db8:cafe::17"))
        let withPort: HTTPHeaders = ["Forwarded": "for=192.0.2.60:8080"]
        #expect(proxies.client(peer: address("10.0.0.1"), headers: withPort).client == address("192.0.2.60"))
    }

    @Test func anEntryThatIsNoAddressLeavesTheLastTrustedHopAsClient() {
        #expect(proxies.client(peer: address("10.0.0.1"), headers: ["X-Forwarded-For": "203.0.113.9, unknown"]).client
            == address("10.0.0.1"))
        #expect(proxies.client(peer: address("10.0.0.1"), headers: ["X-Forwarded-For": "unknown, 10.0.0.7"]).client
            == address("10.0.0.7"))
    }

    @Test func whenEveryAddressIsTrustedTheLeftmostIsTheClient() {
        #expect(proxies.client(peer: address("10.0.0.1"), headers: ["X-Forwarded-For": "10.0.0.3, 10.0.0.2"]).client
            == address("10.0.0.3"))
    }

    @Test func aTrustedPeerWithoutForwardingHeadersIsTheClient() {
        let (client, forwarded) = proxies.client(peer: address("127.0.0.1"), headers: ["Host": "a"])
        #expect(client == address("127.0.0.1"))
        #expect(forwarded)
    }

    @Test func blocksAreParsedAndRefusedWithOneSentence() throws {
        let parsed = try HTTPTrustedProxies(parsing: " 192.168.1.77/24 , ::1 ")
        #expect(parsed.ranges.map(\.description) == ["192.168.1.0/24", "::1/128"])
        #expect(parsed.trusts(address("192.168.1.200")))
        #expect(!parsed.trusts(address("192.168.2.1")))
        #expect(parsed.trusts(address("::1")))
        #expect(throws: IPAddressRangeError(text: "10.0.0.0/33", reason: "the prefix length must be 0 to 32")) {
            try HTTPTrustedProxies(parsing: "10.0.0.0/33")
        }
        do {
            _ = try HTTPTrustedProxies(parsing: "proxy.local")
            Issue.record("a name was accepted")
        } catch {
            #expect(error.description == "'proxy.local' is not an address block such as 10.0.0.0/8 or 2001:db8::/32: it does not start with an IPv4 or IPv6 address.")
        }
    }
}
