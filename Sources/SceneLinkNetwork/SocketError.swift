#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket call that failed, with the `errno` it set and its `strerror` text: the one error of
/// every socket, resolver and deadline in SceneLink.
///
/// ```swift
/// SocketError.system("bind to 127.0.0.1:8080", errno: EADDRINUSE).description
/// // "bind to 127.0.0.1:8080 failed: Address already in use (errno 98)."
/// ```
public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, such as `bind to 127.0.0.1:8080`.
    public let operation: String
    /// The `errno` value, or 0 for a failure that has none (name resolution).
    public let code: Int32
    /// The system's text for the failure (`strerror` or `gai_strerror`), or SceneLink's own.
    public let message: String

    public init(operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }

    /// The error for `code`, `errno` as it is now by default: read it at once after the failing call.
    public static func system(_ operation: String, errno code: Int32 = errno) -> SocketError {
        SocketError(operation: operation, code: code, message: String(cString: strerror(code)))
    }

    /// `operation` did not finish before its deadline (`ETIMEDOUT`).
    public static func deadlinePassed(_ operation: String) -> SocketError {
        SocketError(operation: operation, code: ETIMEDOUT, message: "it did not finish before its deadline")
    }

    /// Whether the failure is a timeout: a deadline that passed, or the kernel's `ETIMEDOUT`.
    public var isTimeout: Bool { code == ETIMEDOUT }

    public var description: String {
        code == 0 ? "\(operation) failed: \(message)." : "\(operation) failed: \(message) (errno \(code))."
    }
}
