import Foundation

/// One HTTP answer as a transport returns it.
public struct TransportResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields, keyed by lowercased name (HTTP field names are case-insensitive).
    public var headers: [String: String]
    /// The body (empty for none).
    public var body: Data

    /// Creates an answer. Header names are lowercased here, so lookups need not care.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }

    /// The value of one header field, whatever the case of `name`.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
