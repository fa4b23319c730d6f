/// The REP field of a SOCKS5 reply (RFC 1928 §6): how the egress guard answers a CONNECT.
enum SOCKS5Reply: UInt8, Sendable {
    case succeeded = 0x00
    case generalFailure = 0x01
    /// The destination is not allowed: a private address, or no webhook attempt asked for it.
    case notAllowed = 0x02
    case hostUnreachable = 0x04
    case connectionRefused = 0x05
    /// The destination did not accept the connection in time.
    case timedOut = 0x06
    case commandNotSupported = 0x07
    case addressTypeNotSupported = 0x08

    /// The reply's bytes: VER, REP, RSV, then an IPv4 BND.ADDR and BND.PORT of zeros (the client
    /// needs no bound address: the tunnel is the connection).
    var bytes: [UInt8] { [5, rawValue, 0, 1, 0, 0, 0, 0, 0, 0] }
}
