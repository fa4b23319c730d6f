extension IPAddress {
    /// The address's scope. IPv4-mapped IPv6 (`::ffff:a.b.c.d`, the same value as the IPv4
    /// address) and NAT64's well-known prefix (`64:ff9b::/96`, RFC 6052) have the scope of the
    /// IPv4 address they embed; everything else the first matching block of `specialBlocks`,
    /// or `.global`.
    public var scope: IPAddressScope {
        if high == 0x0064_FF9B_0000_0000, low >> 32 == 0 {
            return IPAddress(ipv4: UInt32(truncatingIfNeeded: low)).scope
        }
        for (block, scope) in Self.specialBlocks where block.contains(self) { return scope }
        return .global
    }

    /// Whether the address is public unicast: none of the registries' special-purpose blocks.
    public var isPublic: Bool { scope == .global }

    /// Whether the address is a loopback address (`127.0.0.0/8`, `::1`).
    public var isLoopback: Bool { scope == .loopback }

    /// The special-purpose blocks, most specific first (the first that contains an address wins).
    /// Sources: the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890, 8190),
    /// RFC 5771 and 4291 (multicast), RFC 1112 (class E), RFC 3879 (site-local), RFC 9637.
    /// The few globally reachable entries inside `192.0.0.0/24` and `2001::/23` stay refused:
    /// a webhook has no business with them.
    static let specialBlocks: [(IPAddressRange, IPAddressScope)] = [
        ("0.0.0.0/32", .unspecified), ("0.0.0.0/8", .special),
        ("10.0.0.0/8", .private), ("100.64.0.0/10", .private),
        ("127.0.0.0/8", .loopback), ("169.254.0.0/16", .linkLocal), ("172.16.0.0/12", .private),
        ("192.0.0.0/24", .special), ("192.0.2.0/24", .special), ("192.88.99.0/24", .special),
        ("192.168.0.0/16", .private), ("198.18.0.0/15", .special),
        ("198.51.100.0/24", .special), ("203.0.113.0/24", .special),
        ("224.0.0.0/4", .multicast), ("240.0.0.0/4", .special),
        ("::/128", .unspecified), ("::1/128", .loopback), ("::/96", .special),
        ("64:ff9b:1::/48", .private), ("100::/64", .special),
        ("2001::/23", .special), ("2001:db8::/32", .special), ("2002::/16", .special),
        ("3fff::/20", .special), ("5f00::/16", .special),
        ("fc00::/7", .private), ("fe80::/10", .linkLocal), ("fec0::/10", .private), ("ff00::/8", .multicast),
    ].compactMap { text, scope in
        // Constant text: every entry parses (IPAddressTests checks the count).
        guard let block = try? IPAddressRange(text) else { return nil }
        return (block, scope)
    }
}
