import SceneLinkNetwork
/// The proxies whose forwarding headers are believed, and the rule that finds the client
/// behind them (the rule of nginx's `real_ip` with `real_ip_recursive on`).
///
/// - A request whose peer is not in the list comes from its peer: `X-Forwarded-For`,
///   `Forwarded`, `X-Forwarded-Proto` and `X-Forwarded-Host` are ignored, whatever they say.
/// - From a trusted peer, the addresses of every `X-Forwarded-For` field (or, when there is
///   none, every `for=` of `Forwarded`, RFC 7239 §5.2) are read right to left: each
///   proxy appends the address it received from, so the rightmost address that is not itself
///   trusted is the first one no trusted proxy can vouch beyond: the client. Whatever a client
///   wrote further left is never read.
/// - If every listed address is trusted, the leftmost is the client; if the first untrusted
///   one is not an address (`unknown`, an obfuscated `_hidden`), the last trusted hop is.
///
/// ```swift
/// let proxies = try HTTPTrustedProxies(parsing: "10.0.0.0/8, ::1")
/// proxies.client(peer: IPAddress("10.0.0.2")!, headers: ["X-Forwarded-For": "6.6.6.6, 203.0.113.9"])
/// // 203.0.113.9, and the request counts as forwarded
/// ```
public struct HTTPTrustedProxies: Sendable, Equatable {
    /// The trusted blocks; empty trusts nobody (the default).
    public var ranges: [IPAddressRange]

    public init(_ ranges: [IPAddressRange] = []) {
        self.ranges = ranges
    }

    /// Parses a comma-separated list of blocks (`10.0.0.0/8,2001:db8::/32`); blanks around
    /// entries are ignored, an empty text trusts nobody.
    /// - Throws: `IPAddressRangeError` for the first entry that is not a block.
    public init(parsing text: String) throws(IPAddressRangeError) {
        var ranges: [IPAddressRange] = []
        for entry in text.split(separator: ",") {
            let trimmed = entry.trimmingOWS()
            guard !trimmed.isEmpty else { continue }
            ranges.append(try IPAddressRange(trimmed))
        }
        self.ranges = ranges
    }

    /// Whether `address` is one of the trusted proxies.
    public func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client of a request from `peer` and whether the peer is a trusted proxy (whose
    /// `X-Forwarded-Proto`/`-Host` may then be read). See the type's rule.
    public func client(peer: IPAddress, headers: HTTPHeaders) -> (client: IPAddress, forwarded: Bool) {
        guard !ranges.isEmpty, trusts(peer) else { return (peer, false) }
        var chain: [Substring] = []
        for field in headers where field.name.equalsIgnoringASCIICase("X-Forwarded-For") {
            chain += field.value.split(separator: ",").map { $0.trimmingOWS() }
        }
        if chain.isEmpty {
            for field in headers where field.name.equalsIgnoringASCIICase("Forwarded") {
                chain += HTTPTrustedProxies.forAddresses(field.value)
            }
        }
        var client = peer
        for entry in chain.reversed() {
            guard let address = HTTPTrustedProxies.address(entry) else { return (client, true) }
            client = address
            if !trusts(address) { break }
        }
        return (client, true)
    }

    /// The `for=` values of a `Forwarded` field, in order, quotes removed.
    static func forAddresses(_ value: String) -> [Substring] {
        var found: [Substring] = []
        for element in value.split(separator: ",") {
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingOWS().equalsIgnoringASCIICase("for") else { continue }
                var node = parts[1].trimmingOWS()
                if node.hasPrefix("\""), node.hasSuffix("\""), node.count >= 2 { node = node.dropFirst().dropLast() }
                found.append(node)
            }
        }
        return found
    }

    /// The address of one forwarded node: `192.0.2.7`, `192.0.2.7:4711`, `2001:db8::1`,
    /// `[2001:db8::1]`, `[2001:db8::1]:4711`; nil for anything else.
    static func address(_ node: Substring) -> IPAddress? {
        if node.hasPrefix("["), let close = node.firstIndex(of: "]") {
            return IPAddress(node[node.index(after: node.startIndex) ..< close])
        }
        // One colon is IPv4 with a port; more is a bare IPv6 address.
        if let colon = node.firstIndex(of: ":"), !node[node.index(after: colon)...].contains(":") {
            return IPAddress(node[..<colon])
        }
        return IPAddress(node)
    }
}
