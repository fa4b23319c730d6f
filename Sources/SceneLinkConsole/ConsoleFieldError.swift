import SceneLinkOperations

/// Why one field of a refused form was refused: the field's `id` and the sentence that says what
/// to fix. The error summary links to the field (`#id`); the field shows the sentence beside it
/// (`write(into:)`), and describes itself by it (`fieldAttributes`).
package struct ConsoleFieldError: Sendable, Equatable {
    /// The `id` of the field (for a group of boxes, the first box's).
    package let fieldID: String
    package let message: String

    package init(fieldID: String, message: String) {
        self.fieldID = fieldID
        self.message = message
    }

    /// The `id` of the message beside the field: `FIELD-error`.
    package var messageID: String { fieldID + "-error" }

    /// The attributes a refused field carries: `aria-invalid` and `aria-describedby` its message.
    package var fieldAttributes: HTMLAttributes {
        ["aria-invalid": "true", "aria-describedby": messageID]
    }

    /// The message beside the field: `<p class="field-error" id="FIELD-error">` with a hidden
    /// "Error:" for screen readers, as GOV.UK's error message.
    package func write(into html: inout HTMLDocument) {
        html.element("p", attributes: ["class": "field-error", "id": messageID]) { html in
            html.element("span", text: "Error: ", attributes: ["class": "visually-hidden"])
            html.text(message)
        }
    }
}
