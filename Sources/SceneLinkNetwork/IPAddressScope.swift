/// Where an address may be reached from, after the IANA special-purpose address registries
/// (RFC 6890 and its updates): what the webhook guards check before connecting anywhere.
public enum IPAddressScope: Sendable, Equatable, CustomStringConvertible {
    /// `0.0.0.0`, `::`.
    case unspecified
    /// `127.0.0.0/8`, `::1`.
    case loopback
    /// `169.254.0.0/16`, `fe80::/10`.
    case linkLocal
    /// Private use and shared space: RFC 1918, `100.64.0.0/10` (RFC 6598), `fc00::/7` (RFC 4193),
    /// the deprecated site-local `fec0::/10`, NAT64's local-use `64:ff9b:1::/48`.
    case `private`
    /// `224.0.0.0/4`, `ff00::/8`.
    case multicast
    /// Any other block the registries say is not globally reachable: "this network", IETF
    /// protocol assignments, documentation, benchmarking, reserved and broadcast, discard-only,
    /// 6to4 and its relays, IPv4-compatible IPv6, SRv6 SIDs.
    case special
    /// A public unicast address.
    case global

    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .loopback: "loopback"
        case .linkLocal: "link-local"
        case .private: "private"
        case .multicast: "multicast"
        case .special: "special-purpose"
        case .global: "public"
        }
    }
}
