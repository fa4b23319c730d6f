#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as 16 bytes, IPv4 mapped into `::ffff:0:0/96` (RFC 4291 §2.5.5.2),
/// so one comparison serves both families and an IPv4 peer of an IPv6 listener is the same
/// value as from an IPv4 one. The one address type of SceneLink: a request's peer and client,
/// a trusted proxy's block, a webhook destination.
///
/// ```swift
/// IPAddress("192.0.2.7")?.description       // "192.0.2.7"
/// IPAddress("2001:db8::1")?.isIPv4          // false
/// IPAddress("10.0.0.7")?.isPublic           // false (RFC 1918)
/// ```
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The first eight bytes, big-endian (network order read as a number).
    public let high: UInt64
    /// The last eight bytes, big-endian.
    public let low: UInt64

    /// `::`: what a request built in process (a test) carries.
    public static let unspecified = IPAddress(high: 0, low: 0)

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// An IPv4 address from its 32-bit value (`0xC0000207` is 192.0.2.7).
    public init(ipv4 value: UInt32) {
        high = 0
        low = 0x0000_FFFF_0000_0000 | UInt64(value)
    }

    /// Parses `192.0.2.7`, `2001:db8::1`, `[2001:db8::1]`, `::ffff:192.0.2.7`; nil for
    /// anything else (a port, a name, `unknown`). Untrusted text: it is only ever parsed.
    public init?(_ text: some StringProtocol) {
        var string = String(text)
        if string.hasPrefix("["), string.hasSuffix("]") { string = String(string.dropFirst().dropLast()) }
        guard !string.isEmpty, string.utf8.count <= 45 else { return nil }
        if string.utf8.contains(UInt8(ascii: ":")) {
            var raw = in6_addr()
            guard inet_pton(AF_INET6, string, &raw) == 1 else { return nil }
            self = withUnsafeBytes(of: &raw) { IPAddress(sixteenBytes: $0) }
        } else {
            var raw = in_addr()
            guard inet_pton(AF_INET, string, &raw) == 1 else { return nil }
            self.init(ipv4: UInt32(bigEndian: raw.s_addr))
        }
    }

    /// From 4 (IPv4) or 16 (IPv6) bytes in network order, as a SOCKS5 request carries them;
    /// nil for any other count.
    public init?(networkBytes bytes: some Collection<UInt8>) {
        switch bytes.count {
        case 4:
            self.init(ipv4: bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        case 16:
            var high: UInt64 = 0, low: UInt64 = 0
            for (index, byte) in bytes.enumerated() {
                if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
            }
            self.init(high: high, low: low)
        default:
            return nil
        }
    }

    /// From 16 bytes in network order.
    init(sixteenBytes bytes: UnsafeRawBufferPointer) {
        var high: UInt64 = 0, low: UInt64 = 0
        for index in 0 ..< 8 { high = high << 8 | UInt64(bytes[index]) }
        for index in 8 ..< 16 { low = low << 8 | UInt64(bytes[index]) }
        self.init(high: high, low: low)
    }

    /// The address of a `sockaddr` the kernel filled in (an accepted peer, a resolved name);
    /// nil for a family other than IPv4 and IPv6.
    init?(socketAddress pointer: UnsafePointer<sockaddr>) {
        switch Int32(pointer.pointee.sa_family) {
        case AF_INET:
            let value = pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            self.init(ipv4: UInt32(bigEndian: value))
        case AF_INET6:
            var address = pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self = withUnsafeBytes(of: &address) { IPAddress(sixteenBytes: $0) }
        default:
            return nil
        }
    }

    /// Whether this is an IPv4 address (mapped into IPv6).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0x0000_FFFF }

    /// The address with only its first `bits` bits kept (the rest zero), counted over all
    /// 128 bits: an IPv4 /24 is 96 + 24 = 120.
    public func masked(toPrefixLength bits: Int) -> IPAddress {
        let bits = min(128, max(0, bits))
        func mask(_ count: Int) -> UInt64 { count <= 0 ? 0 : (count >= 64 ? .max : ~(UInt64.max >> UInt64(count))) }
        return IPAddress(high: high & mask(bits), low: low & mask(bits - 64))
    }

    /// `192.0.2.7` for IPv4, RFC 5952 text (`2001:db8::1`) for IPv6.
    public var description: String {
        if isIPv4 {
            let value = UInt32(truncatingIfNeeded: low)
            return "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
        }
        var raw = in6_addr()
        withUnsafeMutableBytes(of: &raw) { bytes in
            for index in 0 ..< 8 {
                bytes[index] = UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * index))
                bytes[8 + index] = UInt8(truncatingIfNeeded: low >> UInt64(56 - 8 * index))
            }
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return "::" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls `body` with this address and `port` as a `sockaddr` and its length: `sockaddr_in`
    /// for IPv4, `sockaddr_in6` for IPv6.
    func withSocketAddress<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        if isIPv4 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(truncatingIfNeeded: low).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        withUnsafeMutableBytes(of: &address.sin6_addr) { bytes in
            for index in 0 ..< 8 {
                bytes[index] = UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * index))
                bytes[8 + index] = UInt8(truncatingIfNeeded: low >> UInt64(56 - 8 * index))
            }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
    }

    /// The address family a socket for this address is made in.
    var family: Int32 { isIPv4 ? AF_INET : AF_INET6 }
}
