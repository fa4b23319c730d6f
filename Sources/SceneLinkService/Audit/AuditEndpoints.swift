import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// `GET /v1/audit?limit&before&subject&actor`: the audit log, newest first, for the admin token or
/// a key with `audit:read`: the JSON adapter over `AuditOperations`.
///
/// `limit` is 1 to 500 (50 by default); `before` is the previous page's `nextCursor`; `subject`
/// (`link:CODE`, `webhook:ID`, `key:ID`) and `actor` (`admin-token`, `key:NAME(id)`) keep the
/// entries that match exactly. Entries are kept 400 days. A reader who may not list webhooks
/// sees a webhook endpoint's URL without its path and query (`AuditEntry.redacted(for:)`).
public struct AuditEndpoints: Sendable {
    let operations: AuditOperations

    init(operations: AuditOperations) {
        self.operations = operations
    }

    public static let pattern = "/v1/audit"
    static let defaultPageSize = 50
    static let maximumPageSize = 500

    public func register(on endpoints: inout EndpointTable) {
        endpoints.on(.get, Self.pattern, .admin(.readAudit)) { try self.list($0, $1) }
    }

    func list(_ request: HTTPRequest, _ responder: HTTPResponder) throws {
        let caller = try OperatorCaller.of(request)
        var query = AuditQuery(limit: try PageLimit.parse(request.queryItem("limit"), standard: Self.defaultPageSize,
                                                          maximum: Self.maximumPageSize))
        if let text = request.queryItem("before") {
            // 18 digits, as openapi.yaml says: every such number is an Int64, and sequences never get near it.
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let value = Int64(text) else {
                throw HTTPProblem.invalidQuery("before takes the nextCursor of the previous page as it was given, not '\(text.prefix(32))'.")
            }
            query.before = value
        }
        for name in ["subject", "actor"] {
            if let text = request.queryItem(name), text.count > 256 {
                throw HTTPProblem.invalidQuery("\(name) is \(text.count) characters long; give at most 256.")
            }
        }
        query.subject = request.queryItem("subject")
        query.actor = request.queryItem("actor")
        operations.read(query, by: caller) { result in
            switch result {
            case .success(let page):
                var response = HTTPResponse.json(.object([
                    ("entries", .array(page.entries.map(Self.json))),
                    ("nextCursor", page.nextCursor.map { .string(String($0)) } ?? .null),
                ]))
                response.headers.set("Cache-Control", "no-store")
                responder.respond(response)
            case .failure(let error):
                responder.respond(error.response)
            }
        }
    }


    /// One entry: `{"sequence","at","actor","action","subject","detail":{…}}`, `detail`'s members sorted by name.
    static func json(_ entry: AuditEntry) -> JSONValue {
        .object([
            ("sequence", .number(String(entry.sequence))), ("at", .string(RFC3339.string(entry.at))), ("actor", .string(entry.actor)),
            ("action", .string(entry.action)), ("subject", .string(entry.subject)),
            ("detail", .object(entry.detail.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value)) })),
        ])
    }
}
