import SceneLinkNetwork

/// A SOCKS5 CONNECT request (RFC 1928 §4), as libcurl sends it for a `socks5h://` proxy:
/// `VER=5 CMD=1 RSV=0 ATYP DST.ADDR DST.PORT`, the address a name (ATYP 3, so the proxy
/// resolves it) or an IPv4/IPv6 address (ATYP 1/4).
///
/// ```swift
/// let request = try SOCKS5Request(bytes: [5, 1, 0, 3, 3] + Array("a.b".utf8) + [1, 187])  // a.b:443
/// ```
struct SOCKS5Request: Equatable, Sendable {
    /// Where the client wants to go.
    enum Destination: Equatable, Sendable {
        case address(IPAddress)
        case name(String)
    }

    /// Why a request is refused, with the reply that says so.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let reply: SOCKS5Reply
        let description: String
    }

    let destination: Destination
    let port: Int

    /// Whether a greeting (`VER NMETHODS METHODS…`, §3) offers "no authentication" (0x00), the only
    /// method the guard speaks; it listens on loopback and admits only destinations the worker asked for.
    static func offersNoAuthentication(_ greeting: [UInt8]) -> Bool {
        greeting.count >= 2 && greeting[0] == 5 && greeting.count == 2 + Int(greeting[1]) && greeting.dropFirst(2).contains(0)
    }

    /// How many bytes the whole request takes, given at least its first 5; nil with fewer, or when
    /// the address type is unknown (then `init(bytes:)` on the prefix says why).
    static func length(of prefix: [UInt8]) -> Int? {
        guard prefix.count >= 5 else { return nil }
        switch prefix[3] {
        case 1: return 4 + 4 + 2
        case 3: return 4 + 1 + Int(prefix[4]) + 2
        case 4: return 4 + 16 + 2
        default: return nil
        }
    }

    /// Reads a whole request.
    /// - Throws: `Failure` with the reply for a version other than 5, a command other than
    ///   CONNECT, an unknown address type, a truncated request or an empty or non-ASCII name.
    init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 5, bytes[0] == 5 else {
            throw Failure(reply: .generalFailure, description: "The request is not a SOCKS5 request.")
        }
        guard bytes[1] == 1 else {
            throw Failure(reply: .commandNotSupported, description: "The SOCKS5 command \(bytes[1]) is not CONNECT, the only one allowed.")
        }
        guard let length = Self.length(of: bytes) else {
            throw Failure(reply: .addressTypeNotSupported, description: "The SOCKS5 address type \(bytes[3]) is not 1, 3 or 4.")
        }
        guard bytes.count == length else {
            throw Failure(reply: .generalFailure, description: "The SOCKS5 request is \(bytes.count) bytes long; its address type needs \(length).")
        }
        port = Int(bytes[length - 2]) << 8 | Int(bytes[length - 1])
        switch bytes[3] {
        case 1, 4:
            // The length check above leaves 4 or 16 address bytes.
            guard let address = IPAddress(networkBytes: bytes[4..<(length - 2)]) else {
                throw Failure(reply: .addressTypeNotSupported, description: "The SOCKS5 address is neither 4 nor 16 bytes long.")
            }
            destination = .address(address)
        default:
            let name = bytes[5..<(length - 2)]
            // A host name is printable ASCII (an IDN arrives as punycode): no NUL, space or control byte.
            guard !name.isEmpty, name.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
                throw Failure(reply: .generalFailure, description: "The SOCKS5 host name is empty or not printable ASCII.")
            }
            destination = .name(String(decoding: name, as: UTF8.self))
        }
    }
}
