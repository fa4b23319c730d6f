/// One value of a breakdown with its count.
public struct AnalyticsBreakdownRow: Equatable, Sendable {
    public var value: String
    public var count: Int64
    public init(value: String, count: Int64) {
        self.value = value
        self.count = count
    }
}
