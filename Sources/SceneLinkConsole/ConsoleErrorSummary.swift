import SceneLinkOperations

/// The box at the top of a refused form's page that lists what to fix (the GOV.UK Design
/// System's error summary): a heading "There is a problem" and a list of links, one per field
/// refused, each to the field (`href="#FIELD"`), so a keyboard or screen reader reaches it in one
/// step. The box is `role="alert"` (announced when the page opens) and focusable
/// (`tabindex="-1"`, as GOV.UK's), and the page's `<title>` starts with "Error: ".
///
/// ```swift
/// let summary = ConsoleErrorSummary([ConsoleFieldError(fieldID: "key-name", message: "Enter a name for the key")])
/// summary?.write(into: &html)
/// ```
package struct ConsoleErrorSummary: Sendable, Equatable {
    /// The fields refused, in the form's order.
    package let errors: [ConsoleFieldError]

    /// A summary of `errors`; nil when there are none (nothing to show).
    package init?(_ errors: [ConsoleFieldError]) {
        guard !errors.isEmpty else { return nil }
        self.errors = errors
    }

    /// The error of the field `id`, if it was refused.
    package func error(for fieldID: String) -> ConsoleFieldError? {
        errors.first { $0.fieldID == fieldID }
    }

    package func write(into html: inout HTMLDocument) {
        html.element("div", attributes: ["class": "error-summary", "role": "alert", "tabindex": "-1",
                                         "aria-labelledby": "error-summary-title"]) { html in
            html.element("h2", text: "There is a problem", attributes: ["class": "error-summary-title", "id": "error-summary-title"])
            html.element("ul", attributes: ["class": "error-summary-list"]) { html in
                for error in errors {
                    html.element("li") { html in
                        html.element("a", text: error.message, attributes: ["href": "#" + error.fieldID])
                    }
                }
            }
        }
    }
}
