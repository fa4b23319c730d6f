import Testing
import SceneLinkNetwork

@Suite struct SystemHostResolverTests {
    @Test func answersAnAddressLiteralWithoutAsking() throws {
        #expect(try SystemHostResolver().addresses(of: "192.0.2.7") == [IPAddress(ipv4: 0xC000_0207)])
        #expect(try SystemHostResolver().addresses(of: "[::1]") == [IPAddress(high: 0, low: 1)])
    }

    @Test func resolvesLocalhostToLoopbackAddressesEachOnce() throws {
        let addresses = try SystemHostResolver().addresses(of: "localhost")
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.isLoopback })
        #expect(Set(addresses).count == addresses.count)
    }

    @Test func aNameThatDoesNotResolveThrowsOneSentenceNamingIt() {
        #expect {
            _ = try SystemHostResolver().addresses(of: "no-such-host.invalid")
        } throws: { error in
            let description = String(describing: error)
            return description.hasPrefix("resolve host no-such-host.invalid failed: ") && description.hasSuffix(".")
        }
    }
}
