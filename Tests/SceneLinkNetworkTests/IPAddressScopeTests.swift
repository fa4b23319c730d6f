import Testing
@testable import SceneLinkNetwork

@Suite struct IPAddressScopeTests {
    @Test(arguments: ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
                      "224.0.0.251", "255.255.255.255", "::1", "::", "fe80::1", "fd00::1", "ff02::1", "::ffff:10.0.0.1",
                      "64:ff9b::7f00:1"])
    func nonPublicAddressesAreNotPublic(address: String) throws {
        #expect(try #require(IPAddress(address)).isPublic == false)
    }

    @Test(arguments: ["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])
    func publicAddressesArePublic(address: String) throws {
        #expect(try #require(IPAddress(address)).isPublic)
    }

    @Test func hostNamesAreNotAddressLiterals() {
        #expect(IPAddress("hooks.example.com") == nil)
    }

    @Test(arguments: [
        ("0.0.0.0", IPAddressScope.unspecified), ("::", .unspecified),
        ("127.8.9.10", .loopback), ("::1", .loopback), ("::ffff:127.0.0.1", .loopback),
        ("169.254.1.1", .linkLocal), ("fe80::abcd", .linkLocal),
        ("10.1.2.3", .private), ("172.31.255.255", .private), ("192.168.0.1", .private), ("100.127.0.1", .private),
        ("fc00::1", .private), ("fdff::1", .private), ("fec0::1", .private), ("64:ff9b:1::1", .private),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("ff05::2", .multicast),
        ("0.1.2.3", .special), ("192.0.0.8", .special), ("192.0.2.1", .special), ("192.88.99.1", .special),
        ("198.18.0.1", .special), ("198.19.255.255", .special), ("198.51.100.9", .special), ("203.0.113.9", .special),
        ("240.0.0.1", .special), ("255.255.255.255", .special),
        ("::7f00:1", .special), ("100::1", .special), ("2001::1", .special), ("2001:db8::1", .special),
        ("2002:c0a8:101::1", .special), ("3fff::1", .special), ("5f00::1", .special),
        ("64:ff9b::a00:1", .private),
        ("172.15.255.255", .global), ("172.32.0.0", .global), ("100.128.0.0", .global), ("198.20.0.0", .global),
        ("2001:200::1", .global), ("2a00:1450::1", .global),
    ])
    func classifiesAfterTheSpecialPurposeRegistries(address: String, scope: IPAddressScope) throws {
        #expect(try #require(IPAddress(address)).scope == scope, "\(address)")
    }

    @Test func everySpecialPurposeBlockParses() {
        #expect(IPAddress.specialBlocks.count == 30)
    }

    @Test func scopesPrintAsWords() {
        #expect("\(IPAddressScope.linkLocal)" == "link-local")
        #expect("\(IPAddressScope.global)" == "public")
    }
}
