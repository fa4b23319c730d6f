import SceneLinkOperations
/// A bar chart drawn as SVG on the server, with the same numbers as a table for screen
/// readers and anyone who wants the figures: the SVG is `role="img"` named by its caption, and
/// the table follows it in a `<details>` element.
///
/// Every label is escaped by `HTMLDocument`; the geometry is computed from the values alone.
package struct ConsoleBarChart: Sendable {
    /// What the chart shows ("Human visits per UTC day, last 30 days").
    package let caption: String
    /// The column heading of the labels ("Day") and of the values ("Human visits").
    package let labelHeading: String
    package let valueHeading: String
    /// One bar per entry, in order.
    package let bars: [(label: String, value: Int64)]

    package static let width = 600
    package static let height = 160
    package static let axisHeight = 20

    /// Writes the chart and its table into `html`, naming them from `id` (unique on the page).
    package func write(into html: inout HTMLDocument, id: String) {
        let largest = max(bars.map(\.value).max() ?? 0, 1)
        let plotHeight = Self.height - Self.axisHeight
        let slot = bars.isEmpty ? 0 : Double(Self.width) / Double(bars.count)
        html.element("figure") { html in
            html.element("figcaption", text: caption, attributes: ["id": id + "-caption"])
            html.element("svg", attributes: [
                "class": "chart", "role": "img", "aria-labelledby": id + "-caption",
                "viewBox": "0 0 \(Self.width) \(Self.height)", "width": String(Self.width),
                "height": String(Self.height), "xmlns": "http://www.w3.org/2000/svg",
            ]) { html in
                for (index, bar) in bars.enumerated() {
                    let barHeight = Int((Double(bar.value) / Double(largest) * Double(plotHeight - 12)).rounded())
                    let x = Double(index) * slot + slot * 0.1
                    html.element("rect", attributes: [
                        "class": "bar", "x": Self.format(x), "y": String(plotHeight - barHeight),
                        "width": Self.format(slot * 0.8), "height": String(barHeight),
                    ]) { html in
                        html.element("title", text: "\(bar.label): \(bar.value)")
                    }
                }
                html.element("line", attributes: ["x1": "0", "y1": String(plotHeight),
                                                  "x2": String(Self.width), "y2": String(plotHeight)]) { _ in }
                if let first = bars.first, let last = bars.last {
                    html.element("text", text: first.label, attributes: ["x": "0", "y": String(Self.height - 4)])
                    html.element("text", text: last.label, attributes: ["x": String(Self.width), "y": String(Self.height - 4),
                                                                        "text-anchor": "end"])
                }
                html.element("text", text: "max \(largest)", attributes: ["x": "0", "y": "10"])
            }
        }
        html.element("details") { html in
            html.element("summary", text: "The chart's numbers")
            html.consoleTable(caption: caption, headings: [labelHeading, valueHeading], numeric: [1]) { html in
                for bar in bars {
                    html.element("tr") { html in
                        html.element("th", text: bar.label, attributes: ["scope": "row"])
                        html.element("td", text: String(bar.value), attributes: ["class": "number"])
                    }
                }
            }
        }
    }

    private static func format(_ value: Double) -> String {
        String(Double(Int((value * 10).rounded())) / 10)
    }
}
