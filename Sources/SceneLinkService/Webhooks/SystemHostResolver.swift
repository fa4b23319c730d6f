#if canImport(Glibc)
import Glibc
#endif

/// Resolves names with the system's `getaddrinfo` (`/etc/hosts`, then DNS, as configured).
struct SystemHostResolver: HostResolver {
    func addresses(of name: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var found: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        found.append(.v4(withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) }))
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                        found.append(.v6(withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) }))
                    }
                default:
                    break
                }
            }
            cursor = entry.pointee.ai_next
        }
        // getaddrinfo lists an address once per socket type and protocol it could serve.
        var unique: [IPAddress] = []
        for address in found where !unique.contains(address) { unique.append(address) }
        return unique
    }
}
