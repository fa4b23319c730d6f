#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves names with the system's `getaddrinfo` (`/etc/hosts`, then DNS, as configured). An
/// address literal (`127.0.0.1`, `::`, `[::1]`) is answered without asking.
///
/// ```swift
/// let addresses = try SystemHostResolver().addresses(of: "localhost")  // [::1, 127.0.0.1]
/// ```
public struct SystemHostResolver: HostResolver {
    public init() {}

    public func addresses(of name: String) throws(SocketError) -> [IPAddress] {
        if let literal = IPAddress(name) { return [literal] }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0, let first = list else {
            if status == EAI_SYSTEM { throw .system("resolve host \(name)") }
            throw SocketError(operation: "resolve host \(name)", code: 0, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var found: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            // getaddrinfo lists an address once per socket type and protocol it could serve.
            if let pointer = entry.pointee.ai_addr, let address = IPAddress(socketAddress: pointer), !found.contains(address) {
                found.append(address)
            }
            cursor = entry.pointee.ai_next
        }
        guard !found.isEmpty else {
            throw SocketError(operation: "resolve host \(name)", code: 0, message: "it has no IPv4 or IPv6 address")
        }
        return found
    }
}
