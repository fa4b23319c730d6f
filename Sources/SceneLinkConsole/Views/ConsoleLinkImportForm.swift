import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The form that imports links from a pasted CSV, as the Links page shows it; after a refusal
/// it holds the CSV and the all-or-nothing box as sent, and the operation's sentence.
///
/// A part of `ConsoleLinksView` and `ConsoleLinkImportView`.
package struct ConsoleLinkImportForm: Sendable, Equatable {
    package let csv: String
    package let atomic: Bool
    /// Why the last import was refused whole; nil on a fresh form.
    package let error: String?
    package let formToken: String
    /// The refusal as the CSV field's error (beside the field, linked from the error summary).
    package var fieldError: ConsoleFieldError? { error.map { ConsoleFieldError(fieldID: "import-csv", message: $0) } }

    package init(csv: String = "", atomic: Bool = false, error: String? = nil, formToken: String) {
        self.csv = csv
        self.atomic = atomic
        self.error = error
        self.formToken = formToken
    }

    package func write(into html: inout HTMLDocument) {
        html.element("h2", text: "Import links from CSV", attributes: ["id": "import"])
        html.element("form", attributes: ["method": "post", "action": ConsoleEndpoints.linkImportPath]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "CSV: a header line naming its columns (\(ShortLinkImportTable.columns.joined(separator: ", ")); "
                         + "link is required), then one link a line; at most 1 MiB as the form sends it, so split a larger file",
                         attributes: ["for": "import-csv"])
            fieldError?.write(into: &html)
            let area: HTMLAttributes = ["id": "import-csv", "name": "csv", "rows": "8", "required": "required", "spellcheck": "false"]
            html.element("textarea", text: csv, attributes: area + (fieldError?.fieldAttributes ?? [:]))
            html.element("p") { html in
                var box: HTMLAttributes = ["type": "checkbox", "id": "import-atomic", "name": "atomic", "value": "yes"]
                if atomic { box.append("checked", "checked") }
                html.void(.input, attributes: box)
                html.element("label", text: "All or nothing: store no row unless every row can be made", attributes: ["for": "import-atomic"])
            }
            html.element("button", text: "Import the links", attributes: ["type": "submit"])
        }
    }
}
