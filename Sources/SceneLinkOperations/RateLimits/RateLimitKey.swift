import SceneLinkHTTP
import SceneLinkNetwork

/// Who a bucket belongs to: 128 bits of a client address or a session's token hash.
package struct RateLimitKey: Hashable, Sendable {
    package let high: UInt64
    package let low: UInt64

    /// A client address: IPv4 whole, IPv6 by its /64, since one subscriber usually gets a
    /// whole /64 and could otherwise take a fresh budget from each of its 2^64 addresses.
    package init(client address: IPAddress) {
        if address.isIPv4 {
            high = address.high
            low = address.low
        } else {
            high = address.high
            low = 0
        }
    }

    /// A session, by the first 16 bytes of its token's SHA-256 (the token itself is never kept).
    package init(tokenHash: [UInt8]) {
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in tokenHash.prefix(16).enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.high = high
        self.low = low
    }

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}
