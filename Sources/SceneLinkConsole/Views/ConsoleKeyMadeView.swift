import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The page of a key just made (`POST /console/system/keys`): its name, id and scopes, and its
/// text, shown this once (the server keeps only a hash of it).
package struct ConsoleKeyMadeView: ConsolePageView {
    package var title: String { "Key made" }
    package var section: ConsoleSection { .system }
    package var status: HTTPStatus { .created }
    /// What the key is: its name, id and scopes.
    package let description: String
    /// The key's text.
    package let text: String

    package init(_ made: APIKeyOperations.Made) {
        description = "The key '\(made.key.name)' (\(made.key.id)) holds \(made.key.scopes.map(\.rawValue).joined(separator: ", ")). "
            + "Copy its text now: it is shown this once, and the server keeps only a hash of it."
        text = made.token.text
    }

    package func write(into html: inout HTMLDocument) {
        html.element("p", text: description)
        html.element("p", text: text, attributes: ["class": "secret", "id": "key-text"])
        html.element("p") { html in
            html.element("a", text: "Back to System", attributes: ["href": ConsoleSection.system.path])
        }
    }
}
