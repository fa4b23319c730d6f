/// What an API key may do. The admin token (`--admin-token`) is the root key: it holds every
/// scope, and it alone calls the routes declared root-only (key management, `/v1/audit`
/// is open to `audit:read` too).
///
/// Implication: `links:write` implies `links:read` (a tool that makes links may list them);
/// no other scope implies another.
public enum APIKeyScope: String, Sendable, CaseIterable, Comparable {
    /// List and read short links.
    case linksRead = "links:read"
    /// Create and delete short links (and purge one link's analytics); implies `links:read`.
    case linksWrite = "links:write"
    /// Read the analytics reports.
    case analyticsRead = "analytics:read"
    /// Every webhook route: endpoints, secrets, deliveries, replays, tests.
    case webhooksAdmin = "webhooks:admin"
    /// Read the audit log (`GET /v1/audit`).
    case auditRead = "audit:read"
    /// Reserved for the operator console's sessions; no API route accepts it yet.
    case console

    /// Whether a key holding this scope may call a route that needs `needed`.
    public func grants(_ needed: APIKeyScope) -> Bool {
        self == needed || (self == .linksWrite && needed == .linksRead)
    }

    /// Every scope's name, comma-separated, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (a: APIKeyScope, b: APIKeyScope) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }

    /// The scopes of a comma-separated list (`links:write,analytics:read`), in canonical order
    /// without duplicates.
    /// - Throws: `APIKeyInputError.unknownScope` naming the valid scopes, or `.noScopes`.
    public static func parseList(_ text: String) throws(APIKeyInputError) -> [APIKeyScope] {
        try parse(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The scopes named in `names`, in canonical order without duplicates.
    /// - Throws: `APIKeyInputError.unknownScope` naming the valid scopes, or `.noScopes`.
    public static func parse(_ names: [String]) throws(APIKeyInputError) -> [APIKeyScope] {
        var scopes = Set<APIKeyScope>()
        for name in names where !name.isEmpty {
            guard let scope = APIKeyScope(rawValue: name) else { throw .unknownScope(String(name.prefix(64))) }
            scopes.insert(scope)
        }
        guard !scopes.isEmpty else { throw .noScopes }
        return scopes.sorted()
    }
}
