import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address as bytes, and whether it is a public unicast address.
enum IPAddress: Equatable {
    case v4([UInt8])
    case v6([UInt8])

    /// The address `text` spells (dotted IPv4, or IPv6 without brackets); nil for a host name.
    init?(literal text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let raw = UInt32(bigEndian: v4.s_addr)
            self = .v4([UInt8(raw >> 24), UInt8(raw >> 16 & 0xff), UInt8(raw >> 8 & 0xff), UInt8(raw & 0xff)])
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self = .v6(withUnsafeBytes(of: v6) { Array($0) })
            return
        }
        return nil
    }

    /// False for unspecified, loopback, private (RFC 1918, IPv6 ULA), shared (RFC 6598),
    /// link-local, multicast, benchmarking, reserved and broadcast addresses, and for IPv6
    /// forms that embed such an IPv4 address (mapped, NAT64 well-known prefix).
    var isPublic: Bool {
        switch self {
        case .v4(let b):
            guard b.count == 4 else { return false }
            switch (b[0], b[1]) {
            case (0, _), (10, _), (127, _): return false
            case (100, 64...127): return false
            case (169, 254): return false
            case (172, 16...31): return false
            case (192, 168): return false
            case (192, 0) where b[2] == 0 || b[2] == 2: return false
            case (198, 18...19): return false
            case (198, 51) where b[2] == 100: return false
            case (203, 0) where b[2] == 113: return false
            case (224...255, _): return false
            default: return true
            }
        case .v6(let b):
            guard b.count == 16 else { return false }
            if b[0..<15].allSatisfy({ $0 == 0 }) { return false }                      // :: and ::1
            if b[0] == 0xff { return false }                                            // multicast
            if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return false }                     // fe80::/10
            if b[0] & 0xfe == 0xfc { return false }                                     // fc00::/7
            if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff {    // ::ffff:a.b.c.d
                return IPAddress.v4(Array(b[12..<16])).isPublic
            }
            if b[0..<12] == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0][...] {         // 64:ff9b::/96
                return IPAddress.v4(Array(b[12..<16])).isPublic
            }
            if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return false } // documentation
            return true
        }
    }
}
