/// How a store URL is shown in logs, errors and `/metrics`: never with its user, password or
/// query parameters (which may carry `password=`).
enum PostgresAddress {
    /// `postgres://alice:secret@db:5432/app?sslmode=require` → `postgres://db:5432/app`;
    /// a `key=value` connection string → `(libpq connection string)`.
    static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return "(libpq connection string)" }
        let scheme = url[..<schemeEnd.lowerBound]
        var rest = url[schemeEnd.upperBound...]
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        return "\(scheme)://\(rest)"
    }

    /// True for the URL forms libpq accepts as a PostgreSQL connection URI.
    static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }
}
