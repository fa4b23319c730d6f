/// One histogram for the metrics page: per-bucket counts (not cumulative) and their upper bounds.
public struct MetricHistogram: Sendable {
    public let name: String
    public let help: String
    public let bounds: [Double]
    public let counts: [Int]
    public let count: Int
    public let sum: Double

    public init(name: String, help: String, bounds: [Double], counts: [Int], count: Int, sum: Double) {
        self.name = name
        self.help = help
        self.bounds = bounds
        self.counts = counts
        self.count = count
        self.sum = sum
    }

    /// The histogram in exposition format, with cumulative `_bucket` lines and `+Inf`.
    var exposition: String {
        var out = "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        var cumulative = 0
        for (bound, bucketCount) in zip(bounds, counts) {
            cumulative += bucketCount
            out += "\(name)_bucket{le=\"\(MetricHistogram.format(bound))\"} \(cumulative)\n"
        }
        out += "\(name)_bucket{le=\"+Inf\"} \(count)\n\(name)_sum \(sum)\n\(name)_count \(count)\n"
        return out
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
