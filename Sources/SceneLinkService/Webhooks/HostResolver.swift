/// Answers the addresses a host name resolves to: the one seam between the egress guard and DNS,
/// so tests can answer what a rebinding name would (`SystemHostResolver` in the service).
protocol HostResolver: Sendable {
    /// Every IPv4 and IPv6 address `name` resolves to, in the resolver's order; empty when it does
    /// not resolve. May block: the guard calls it on a tunnel's own thread.
    func addresses(of name: String) -> [IPAddress]
}
