/// One gauge sample for the metrics page.
public struct MetricGauge: Sendable {
    public let name: String
    public let help: String
    public let value: Int

    public init(name: String, help: String, value: Int) {
        self.name = name
        self.help = help
        self.value = value
    }
}
