import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The form that imports links from a pasted CSV, as the Links page shows it; after a refusal
/// it holds the CSV and the all-or-nothing box as sent, and the operation's sentence.
///
/// A part of `ConsoleLinksView` and `ConsoleLinkImportView`.
package struct ConsoleLinkImportForm: Sendable, Equatable {
    package let csv: String
    package let format: LinkImportFormat
    package let atomic: Bool
    package let dryRun: Bool
    /// Why the last import was refused whole; nil on a fresh form.
    package let error: String?
    package let formToken: String
    /// The refusal as the CSV field's error (beside the field, linked from the error summary).
    package var fieldError: ConsoleFieldError? { error.map { ConsoleFieldError(fieldID: "import-csv", message: $0) } }

    package init(csv: String = "", format: LinkImportFormat = .csv, atomic: Bool = false, dryRun: Bool = false, error: String? = nil,
                 formToken: String) {
        self.csv = csv
        self.format = format
        self.dryRun = dryRun
        self.atomic = atomic
        self.error = error
        self.formToken = formToken
    }

    /// The formats offered, with what the menu says.
    static let formats: [(LinkImportFormat, String)] = [
        (.csv, "SceneLink CSV (or its export)"), (.firebase, "Firebase Dynamic Links export"), (.bitly, "Bitly export"),
        (.shlink, "Shlink export"), (.yourls, "YOURLS export"),
    ]

    package func write(into html: inout HTMLDocument) {
        html.element("h2", text: "Import links from CSV", attributes: ["id": "import"])
        html.element("form", attributes: ["method": "post", "action": ConsoleEndpoints.linkImportPath]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "Whose export it is", attributes: ["for": "import-format"])
            html.element("select", attributes: ["id": "import-format", "name": "format"]) { html in
                for (value, label) in Self.formats {
                    var option: HTMLAttributes = ["value": value.rawValue]
                    if value == format { option.append("selected", "selected") }
                    html.element("option", text: label, attributes: option)
                }
            }
            html.element("label", text: "CSV: the export as downloaded, or a header line naming its columns (\(ShortLinkImportTable.columns.joined(separator: ", ")); "
                         + "link is required), then one link a line; at most 1 MiB as the form sends it, so split a larger file "
                         + "or use scenelink import",
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
            html.element("p") { html in
                var box: HTMLAttributes = ["type": "checkbox", "id": "import-dry-run", "name": "dryRun", "value": "yes"]
                if dryRun { box.append("checked", "checked") }
                html.void(.input, attributes: box)
                html.element("label", text: "Dry run: check every row and show what would happen, storing nothing", attributes: ["for": "import-dry-run"])
            }
            html.element("button", text: "Import the links", attributes: ["type": "submit"])
        }
    }
}
