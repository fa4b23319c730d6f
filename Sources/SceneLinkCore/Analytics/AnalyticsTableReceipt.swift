/// One table analytics keeps, for the privacy receipt (`GET /v1/analytics/privacy`): its name,
/// every column, and how many rows it holds now.
public struct AnalyticsTableReceipt: Equatable, Sendable {
    public var table: String
    public var columns: [String]
    public var rows: Int64
    public init(table: String, columns: [String], rows: Int64) {
        self.table = table
        self.columns = columns
        self.rows = rows
    }
}

extension AnalyticsTableReceipt {
    /// Every analytics table and its columns, as both SQL stores create them: the whole of what
    /// analytics keeps. None holds an address, a User-Agent, a full referrer or a visitor hash.
    public static let tables: [(table: String, columns: [String])] = [
        ("analytics_visits", ["scope", "bucket", "human", "qr", "preview", "bot", "claims", "installs"]),
        ("analytics_totals", ["scope", "human", "qr", "preview", "bot", "claims", "installs"]),
        ("analytics_marginals", ["scope", "dimension", "hour", "value", "visits"]),
        ("analytics_marginal_days", ["scope", "dimension", "day", "value", "visits"]),
        ("analytics_visitors", ["scope", "day", "visitors"]),
        ("analytics_link_days", ["day", "scope", "human"]),
    ]
}
