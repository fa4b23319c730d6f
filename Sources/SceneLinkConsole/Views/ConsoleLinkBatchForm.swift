import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The Links page's batch actions on every link its filter (`q`, `tag`) keeps, not only the page
/// shown: a form that adds a tag, removes one or sets the expiry (`POST /console/links-batch`,
/// `ShortLinkOperations.changeAll`), and a button to the page that confirms a deletion
/// (`GET /console/links-batch/delete`, then `ShortLinkOperations.deleteAll`), each for a session
/// that may make the change. Without a filter it only says how to name the links: a batch never
/// acts on every link (the API's rule: `tag=` or `q=` required). After a refusal it holds what
/// was entered and the operation's sentence beside the field it is about.
///
/// A part of `ConsoleLinksView`.
package struct ConsoleLinkBatchForm: Sendable {
    /// What the change form does, its `action` field's values.
    package enum Action: String, Sendable, CaseIterable {
        case addTag = "add-tag"
        case removeTag = "remove-tag"
        case expiry

        /// The option's label.
        package var label: String {
            switch self {
            case .addTag: "Add a tag"
            case .removeTag: "Remove a tag"
            case .expiry: "Set the expiry"
            }
        }
    }

    /// The filter, as the page's query gave it (empty when none).
    package let q: String
    package let tag: String
    /// Whether the change form is shown (the session may change links).
    package let showsChange: Bool
    /// Whether the delete button is shown (the session may delete links).
    package let showsDelete: Bool
    /// The action, tag and expiry as entered.
    package let action: Action
    package let batchTag: String
    package let expiresAt: String
    /// The refusal as the field it is about, for the error summary and the message beside it
    /// (`batch`, the heading, when the page has no filter).
    package let fieldError: ConsoleFieldError?
    package let formToken: String

    /// - Parameters:
    ///   - q, tag: the Links page's filter.
    ///   - entered: the refused form's fields (empty for a fresh form).
    ///   - error: why the last batch was refused, with the `id` of the field it is about.
    ///   - session: whose permissions decide which forms are shown.
    package init(q: String, tag: String, entered: ConsoleForm, error: ConsoleFieldError?, session: ConsoleSession) {
        self.q = q
        self.tag = tag
        showsChange = session.may(.updateShortLink)
        showsDelete = session.may(.deleteShortLink)
        action = entered["action"].flatMap(Action.init(rawValue:)) ?? .addTag
        batchTag = entered["batchTag"] ?? ""
        expiresAt = entered["expiresAt"] ?? ""
        fieldError = error
        formToken = session.formToken
    }

    /// Whether the page has a filter, so a batch may act.
    package var hasFilter: Bool { !q.isEmpty || !tag.isEmpty }

    /// The filter as query items (an empty one left out), for forms and links.
    package var filterItems: [(String, String)] {
        (q.isEmpty ? [] : [("q", q)]) + (tag.isEmpty ? [] : [("tag", tag)])
    }

    package func write(into html: inout HTMLDocument) {
        html.element("h2", text: "Change every link this search keeps", attributes: ["id": "batch"])
        // A batch refused for its filter (none, or a wrong one): the sentence under the heading the error summary links to.
        if let fieldError, fieldError.fieldID == "batch" { fieldError.write(into: &html) }
        guard hasFilter else {
            html.element("p", text: "Search for links or choose a tag above first: a batch changes or deletes every link the search keeps "
                         + "(on every page), and never every link.")
            return
        }
        html.element("p", text: "Acts on every link that " + Self.describe(q: q, tag: tag) + ", on every page of the list.")
        if showsChange { writeChange(into: &html) }
        if showsDelete {
            html.element("form", attributes: ["method": "get", "action": ConsoleEndpoints.linkBatchDeletePath]) { html in
                for (name, value) in filterItems { html.void(.input, attributes: ["type": "hidden", "name": name, "value": value]) }
                html.element("button", text: "Delete the links this search keeps…", attributes: ["type": "submit"])
            }
        }
    }

    private func writeChange(into html: inout HTMLDocument) {
        html.element("form", attributes: ["method": "post", "action": ConsoleEndpoints.linkBatchPath]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            for (name, value) in filterItems { html.void(.input, attributes: ["type": "hidden", "name": name, "value": value]) }
            html.element("label", text: "Change", attributes: ["for": "batch-action"])
            let actionRefusal = refusal("batch-action", into: &html)
            html.element("select", attributes: ["id": "batch-action", "name": "action"] + actionRefusal) { html in
                for option in Action.allCases {
                    var attributes: HTMLAttributes = ["value": option.rawValue]
                    if option == action { attributes.append("selected", "selected") }
                    html.element("option", text: option.label, attributes: attributes)
                }
            }
            html.element("label", text: "Tag to add or remove (a-z 0-9 - _)", attributes: ["for": "batch-tag"])
            let tagRefusal = refusal("batch-tag", into: &html)
            html.void(.input, attributes: ["type": "text", "id": "batch-tag", "name": "batchTag", "value": batchTag] + tagRefusal)
            html.element("label", text: "Expiry to set (UTC; empty: never)", attributes: ["for": "batch-expiry"])
            let expiryRefusal = refusal("batch-expiry", into: &html)
            html.void(.input, attributes: ["type": "datetime-local", "id": "batch-expiry", "name": "expiresAt", "value": expiresAt] + expiryRefusal)
            html.element("p") { html in
                html.element("button", text: "Change the links", attributes: ["type": "submit"])
            }
        }
    }

    /// The refusal's attributes and message for the field `id`, when it is the one refused.
    private func refusal(_ id: String, into html: inout HTMLDocument) -> HTMLAttributes {
        guard let fieldError, fieldError.fieldID == id else { return [:] }
        fieldError.write(into: &html)
        return fieldError.fieldAttributes
    }

    /// "is tagged spring and matches “sale”", "is tagged spring", "matches “sale”".
    package static func describe(q: String, tag: String) -> String {
        let parts = (tag.isEmpty ? [] : ["is tagged \(tag)"]) + (q.isEmpty ? [] : ["matches “\(q)”"])
        return parts.joined(separator: " and ")
    }
}
