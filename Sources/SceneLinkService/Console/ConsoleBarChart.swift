/// A bar chart drawn as SVG on the server, with the same numbers as a table for screen
/// readers and anyone who wants the figures: the SVG is `role="img"` named by its caption, and
/// the table follows it in a `<details>` element.
///
/// Every label is escaped by `HTMLDocument`; the geometry is computed from the values alone.
struct ConsoleBarChart: Sendable {
    /// What the chart shows ("Human visits per UTC day, last 30 days").
    let caption: String
    /// The column heading of the labels ("Day") and of the values ("Human visits").
    let labelHeading: String
    let valueHeading: String
    /// One bar per entry, in order.
    let bars: [(label: String, value: Int64)]

    static let width = 600
    static let height = 160
    static let axisHeight = 20

    /// Writes the chart and its table into `html`, naming them from `id` (unique on the page).
    func write(into html: inout HTMLDocument, id: String) {
        let largest = max(bars.map(\.value).max() ?? 0, 1)
        let plotHeight = Self.height - Self.axisHeight
        let slot = bars.isEmpty ? 0 : Double(Self.width) / Double(bars.count)
        html.open("figure")
        html.element("figcaption", text: caption, attributes: [(name: "id", value: id + "-caption")])
        html.open("svg", attributes: [
            (name: "class", value: "chart"), (name: "role", value: "img"), (name: "aria-labelledby", value: id + "-caption"),
            (name: "viewBox", value: "0 0 \(Self.width) \(Self.height)"), (name: "width", value: String(Self.width)),
            (name: "height", value: String(Self.height)), (name: "xmlns", value: "http://www.w3.org/2000/svg"),
        ])
        for (index, bar) in bars.enumerated() {
            let barHeight = Int((Double(bar.value) / Double(largest) * Double(plotHeight - 12)).rounded())
            let x = Double(index) * slot + slot * 0.1
            html.open("rect", attributes: [
                (name: "class", value: "bar"), (name: "x", value: Self.format(x)), (name: "y", value: String(plotHeight - barHeight)),
                (name: "width", value: Self.format(slot * 0.8)), (name: "height", value: String(barHeight)),
            ])
            html.element("title", text: "\(bar.label): \(bar.value)")
            html.close("rect")
        }
        html.open("line", attributes: [(name: "x1", value: "0"), (name: "y1", value: String(plotHeight)),
                                       (name: "x2", value: String(Self.width)), (name: "y2", value: String(plotHeight))])
        html.close("line")
        if let first = bars.first, let last = bars.last {
            html.element("text", text: first.label, attributes: [(name: "x", value: "0"), (name: "y", value: String(Self.height - 4))])
            html.element("text", text: last.label, attributes: [(name: "x", value: String(Self.width)), (name: "y", value: String(Self.height - 4)),
                                                                (name: "text-anchor", value: "end")])
        }
        html.element("text", text: "max \(largest)", attributes: [(name: "x", value: "0"), (name: "y", value: "10")])
        html.close("svg")
        html.close("figure")
        html.open("details")
        html.element("summary", text: "The chart's numbers")
        html.openTable(caption: caption, headings: [labelHeading, valueHeading])
        for bar in bars {
            html.open("tr")
            html.element("th", text: bar.label, attributes: [(name: "scope", value: "row")])
            html.element("td", text: String(bar.value), attributes: [(name: "class", value: "number")])
            html.close("tr")
        }
        html.closeTable()
        html.close("details")
    }

    private static func format(_ value: Double) -> String {
        String(Double(Int((value * 10).rounded())) / 10)
    }
}
