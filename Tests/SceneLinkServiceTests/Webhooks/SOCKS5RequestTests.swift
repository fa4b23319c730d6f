import SceneLinkNetwork
import Testing
@testable import SceneLinkService

@Suite struct SOCKS5RequestTests {
    static func request(_ addressType: UInt8, _ address: [UInt8], port: Int = 443, command: UInt8 = 1) -> [UInt8] {
        [5, command, 0, addressType] + address + [UInt8(port >> 8), UInt8(port & 0xff)]
    }

    @Test func aNameIsReadAsTheClientSentItForTheGuardToResolve() throws {
        let bytes = Self.request(3, [14] + Array("rebind.example".utf8), port: 8443)
        #expect(SOCKS5Request.length(of: Array(bytes.prefix(5))) == bytes.count)
        let request = try SOCKS5Request(bytes: bytes)
        #expect(request.destination == .name("rebind.example"))
        #expect(request.port == 8443)
    }

    @Test func ipv4AndIPv6AddressesAreReadAsAddresses() throws {
        #expect(try SOCKS5Request(bytes: Self.request(1, [93, 184, 216, 34])).destination == .address(IPAddress(networkBytes: [93, 184, 216, 34]) ?? .unspecified))
        let v6: [UInt8] = [0x26, 0x06, 0x28, 0] + [UInt8](repeating: 0, count: 11) + [1]
        let request = try SOCKS5Request(bytes: Self.request(4, v6, port: 80))
        #expect(request.destination == .address(IPAddress(networkBytes: v6) ?? .unspecified))
        #expect(request.port == 80)
    }

    @Test func onlyCONNECTIsServed() {
        #expect(throws: SOCKS5Request.Failure(reply: .commandNotSupported,
                                              description: "The SOCKS5 command 2 is not CONNECT, the only one allowed.")) {
            try SOCKS5Request(bytes: Self.request(1, [8, 8, 8, 8], command: 2))
        }
    }

    @Test func anUnknownAddressTypeIsRefusedWithItsReply() {
        #expect(SOCKS5Request.length(of: [5, 1, 0, 9, 0]) == nil)
        #expect(throws: SOCKS5Request.Failure(reply: .addressTypeNotSupported, description: "The SOCKS5 address type 9 is not 1, 3 or 4.")) {
            try SOCKS5Request(bytes: [5, 1, 0, 9, 0, 0, 0])
        }
    }

    @Test func anEmptyOrUnprintableNameIsRefused() {
        #expect(throws: SOCKS5Request.Failure.self) { try SOCKS5Request(bytes: Self.request(3, [0])) }
        #expect(throws: SOCKS5Request.Failure.self) { try SOCKS5Request(bytes: Self.request(3, [5] + Array("a\0b.c".utf8))) }
    }

    @Test func anotherVersionOrATruncatedRequestIsRefused() {
        #expect(throws: SOCKS5Request.Failure(reply: .generalFailure, description: "The request is not a SOCKS5 request.")) {
            try SOCKS5Request(bytes: Array("GET / HTTP/1.1\r\n".utf8))
        }
        #expect(throws: SOCKS5Request.Failure(reply: .generalFailure,
                                              description: "The SOCKS5 request is 9 bytes long; its address type needs 10.")) {
            try SOCKS5Request(bytes: Array(Self.request(1, [8, 8, 8, 8]).dropLast()))
        }
    }

    @Test func aGreetingMustOfferNoAuthentication() {
        #expect(SOCKS5Request.offersNoAuthentication([5, 2, 0, 1]))  // what libcurl sends
        #expect(!SOCKS5Request.offersNoAuthentication([5, 1, 2]))
        #expect(!SOCKS5Request.offersNoAuthentication([4, 1, 0]))
        #expect(!SOCKS5Request.offersNoAuthentication([5, 2, 0]))
    }
}
