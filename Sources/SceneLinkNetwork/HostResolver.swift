/// Answers the addresses a host name resolves to: the one seam between SceneLink and DNS, so
/// tests can answer what a rebinding name would (`SystemHostResolver` asks the system).
public protocol HostResolver: Sendable {
    /// Every IPv4 and IPv6 address `name` resolves to, in the resolver's order, each once.
    /// May block (DNS): call it off the I/O queues.
    /// - Throws: `SocketError` when the name does not resolve (with the resolver's message).
    func addresses(of name: String) throws(SocketError) -> [IPAddress]
}
