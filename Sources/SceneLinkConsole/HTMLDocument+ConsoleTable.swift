import SceneLinkOperations

extension HTMLDocument {
    /// A console data table: `HTMLDocument.table`'s caption, header row and body inside a box
    /// that scrolls sideways on its own when the table is wider than the screen
    /// (`<div class="table-wrap" role="region" aria-label="CAPTION" tabindex="0">`: named, and
    /// reachable by keyboard so it can be scrolled), so a page is never wider than a phone.
    ///
    /// The headings of the columns at `numeric` are `class="number"` (right-aligned, tabular
    /// figures); the rows' cells of those columns must be too (`numberCell(_:)`).
    ///
    /// ```swift
    /// html.consoleTable(caption: "Claims per UTC day", headings: ["Day", "Made"], numeric: [1]) { html in
    ///     html.element("tr") { html in html.element("th", text: day, attributes: ["scope": "row"]); html.numberCell(made) }
    /// }
    /// ```
    package mutating func consoleTable(caption: String, headings: [String], numeric: Set<Int> = [], _ rows: (inout HTMLDocument) -> Void) {
        element("div", attributes: ["class": "table-wrap", "role": "region", "aria-label": caption, "tabindex": "0"]) { html in
            html.element("table") { html in
                html.element("caption", text: caption)
                html.element("thead") { html in
                    html.element("tr") { html in
                        for (index, heading) in headings.enumerated() {
                            html.element("th", text: heading, attributes: numeric.contains(index) ? ["scope": "col", "class": "number"] : ["scope": "col"])
                        }
                    }
                }
                html.element("tbody", rows)
            }
        }
    }

    /// A cell holding a number: `<td class="number">`, right-aligned in tabular figures.
    package mutating func numberCell(_ text: String) {
        element("td", text: text, attributes: ["class": "number"])
    }
}

extension HTMLDocument {
    /// A cell holding a status as a badge: `<td><span class="status status-TONE">TEXT</span></td>`.
    package mutating func statusCell(_ text: String, tone: ConsoleTone) {
        element("td") { html in
            html.element("span", text: text, attributes: ["class": "status status-" + tone.rawValue])
        }
    }
}
