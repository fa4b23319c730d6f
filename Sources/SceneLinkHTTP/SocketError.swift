#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket call that failed, with the `errno` it set and its `strerror` text.
public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, such as `bind to 127.0.0.1:8080`.
    public let operation: String
    /// The `errno` value, or 0 for a failure that has none (name resolution).
    public let code: Int32
    /// The system's text for the failure (`strerror` or `gai_strerror`).
    public let message: String

    public init(operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }

    /// The error for `errno` as it is now; read it at once after the failing call.
    static func system(_ operation: String, errno code: Int32 = errno) -> SocketError {
        SocketError(operation: operation, code: code, message: String(cString: strerror(code)))
    }

    public var description: String {
        code == 0 ? "\(operation) failed: \(message)." : "\(operation) failed: \(message) (errno \(code))."
    }
}
