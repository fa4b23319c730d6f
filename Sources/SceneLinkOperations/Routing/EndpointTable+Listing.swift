import SceneLinkCore

extension EndpointTable {
    /// The declarations as a table a person reads (`scenelink endpoints`): one line per route
    /// with its method, pattern, port, caller, rate limit and body limit, columns aligned.
    public var listing: String {
        let header = ["METHOD", "PATTERN", "PORT", "CALLER", "RATE LIMIT", "BODY"]
        let rows = endpoints.map { endpoint in
            [endpoint.method.rawValue, endpoint.pattern, endpoint.policy.port.rawValue, Self.callerText(endpoint.policy.caller),
             Self.rateLimitText(endpoint.policy), endpoint.policy.maxBodyBytes.map { "\($0) B" } ?? "-"]
        }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// The declarations as JSON for tools (`scenelink endpoints --json`):
    /// `[{"method","pattern","port","caller","scope","rateLimit":{"class","per"}|{"notLimited":REASON},"maxBodyBytes","pathCarriesSecret"}]`.
    public var listingJSON: String {
        let items: [JSONValue] = endpoints.map { endpoint in
            let policy = endpoint.policy
            let rate: JSONValue = switch policy.rateLimit {
            case .perAddress(let kind): .object([(key: "class", value: .string(kind.rawValue)), (key: "per", value: .string("address"))])
            case .perSession(let kind): .object([(key: "class", value: .string(kind.rawValue)), (key: "per", value: .string("session"))])
            case .notLimited(let reason): .object([(key: "notLimited", value: .string(reason))])
            }
            return .object([
                (key: "method", value: .string(endpoint.method.rawValue)),
                (key: "pattern", value: .string(endpoint.pattern)),
                (key: "port", value: .string(policy.port.rawValue)),
                (key: "caller", value: .string(policy.caller.rawValue)),
                (key: "scope", value: policy.caller.scope.map { .string($0.rawValue) } ?? .null),
                (key: "rateLimit", value: rate),
                (key: "maxBodyBytes", value: policy.maxBodyBytes.map { .number(String($0)) } ?? .null),
                (key: "pathCarriesSecret", value: .bool(policy.pathCarriesSecret)),
            ])
        }
        return String(decoding: JSONWriter.encode(.array(items)), as: UTF8.self)
    }

    /// `admin-token` (root only), `admin-token|links:read` (the admin token or a key with the scope), `anyone`.
    private static func callerText(_ caller: RouteCaller) -> String {
        caller.scope.map { "\(caller.rawValue)|\($0.rawValue)" } ?? caller.rawValue
    }

    /// `links per address`, `state per session`, or `none: REASON`.
    private static func rateLimitText(_ policy: RoutePolicy) -> String {
        switch policy.rateLimit {
        case .perAddress(let kind): "\(kind.rawValue) per address"
        case .perSession(let kind): "\(kind.rawValue) per session"
        case .notLimited(let reason): "none: \(reason)"
        }
    }
}
