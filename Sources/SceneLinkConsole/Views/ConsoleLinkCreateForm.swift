import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// The form that makes a short link, as the Links page shows it: a link, or a route and its
/// parameters (the route chosen by a GET form first, so no script is needed); alias, expiry,
/// title and tags; and, in a `<details>` group, the link's own card, fallbacks, "skip the page"
/// and campaign (`ConsoleLinkSettingsFields`). After a refusal it holds what was entered and the
/// operation's sentence.
///
/// A part of `ConsoleLinksView`, on the list and on the page of a refused link.
package struct ConsoleLinkCreateForm: Sendable {
    /// A route the GET form offers.
    package struct RouteChoice: Sendable, Equatable {
        package let name: String
        /// "name: pattern".
        package let label: String
        package let isSelected: Bool
    }

    /// One parameter of the chosen route.
    package struct Parameter: Sendable, Equatable {
        /// The field's name, `parameter.NAME`.
        package let field: String
        /// "NAME (Type)" or "NAME (Type, optional)".
        package let label: String
        package let value: String
        package let isRequired: Bool
    }

    /// What the form asks for: a typed link, or the parameters of a route of the table.
    package enum Target: Sendable, Equatable {
        /// The link field's label (naming the table's first scheme) and the value entered.
        case link(label: String, value: String)
        /// The chosen route and its parameters (none when it has none).
        case route(name: String, parameters: [Parameter])
    }

    /// Every route of the table, the chosen one selected.
    package let routes: [RouteChoice]
    package let target: Target
    /// Alias, expiry, title and tags as entered.
    package let alias: String
    package let expiresAt: String
    package let title: String
    package let tags: String
    /// The link's own settings as entered.
    package let settings: ConsoleLinkSettingsFields
    /// Why the last attempt was refused; nil on a fresh form.
    package let error: String?
    /// The refusal as the field it is about (`fieldID(for:)`), for the error summary and the
    /// message beside that field; nil on a fresh form.
    package let fieldError: ConsoleFieldError?
    package let formToken: String

    /// - Parameters:
    ///   - table: the route table in force, whose routes the form offers.
    ///   - route: the route chosen (`?route=` or the refused form's); one the table does not name
    ///     leaves the link field.
    ///   - entered: the refused form's fields (empty for a fresh form).
    package init(table: RouteTable, route: String?, entered: ConsoleForm, error: String?, formToken: String) {
        routes = table.summaries.map { RouteChoice(name: $0.name, label: "\($0.name): \($0.pattern)", isSelected: $0.name == route) }
        if let route, let fields = table.parameterFields(route: route) {
            target = .route(name: route, parameters: fields.map { field in
                Parameter(field: "parameter." + field.name,
                          label: "\(field.name) (\(field.typeName)\(field.isOptional ? ", optional" : ""))",
                          value: entered["parameter." + field.name] ?? "", isRequired: !field.isOptional)
            })
        } else {
            target = .link(label: "Link (https or \(table.schemes.first ?? "app") scheme; it must resolve)", value: entered["link"] ?? "")
        }
        alias = entered["alias"] ?? ""
        expiresAt = entered["expiresAt"] ?? ""
        title = entered["title"] ?? ""
        tags = entered["tags"] ?? ""
        settings = ConsoleLinkSettingsFields(entered: entered, prefix: "create")
        self.error = error
        let target = self.target
        fieldError = error.map { ConsoleFieldError(fieldID: Self.fieldID(for: $0, target: target), message: $0) }
        self.formToken = formToken
    }

    /// The field a refusal's sentence is about: the operation's sentences name the member they
    /// refuse (a setting's first: `"fallbacks.desktop": …`; `alias`, `"expiresAt"`, `"title"`,
    /// `"tags"`, "tag"); any other is about the target, the link typed in or the route's first
    /// required parameter left empty (else its first).
    package static func fieldID(for sentence: String, target: Target) -> String {
        if let setting = ConsoleLinkSettingsFields.field(in: sentence) {
            return ConsoleLinkSettingsFields(ShortLinkSettings.none, prefix: "create").id(of: setting)
        }
        let lowered = sentence.lowercased()
        for (word, field) in [("alias", "alias"), ("expiresat", "expiresAt"), ("expir", "expiresAt"), ("title", "title"), ("tag", "tags")]
            where lowered.contains(word) {
            return "create-" + field
        }
        switch target {
        case .link: return "create-link"
        case .route(_, let parameters):
            guard !parameters.isEmpty else { return "create-route" }
            let empty = parameters.firstIndex { $0.isRequired && $0.value.isEmpty } ?? 0
            return "create-parameter-\(empty)"
        }
    }

    package func write(into html: inout HTMLDocument) {
        html.element("h2", text: "Make a short link", attributes: ["id": "create"])
        html.element("form", attributes: ["method": "get", "action": ConsoleSection.links.path + "#create"]) { html in
            html.element("label", text: "Route (to fill in its parameters instead of typing a link)", attributes: ["for": "create-route"])
            html.element("select", attributes: ["id": "create-route", "name": "route"]) { html in
                html.element("option", text: "(type a link)", attributes: ["value": ""])
                for route in routes {
                    var attributes: HTMLAttributes = ["value": route.name]
                    if route.isSelected { attributes.append("selected", "selected") }
                    html.element("option", text: route.label, attributes: attributes)
                }
            }
            html.element("p") { html in
                html.element("button", text: "Choose the route", attributes: ["type": "submit"])
            }
        }

        html.element("form", attributes: ["method": "post", "action": ConsoleSection.links.path]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            /// The refusal's attributes and message for the field `id`, when it is the one refused.
            func refusal(_ id: String, into html: inout HTMLDocument) -> HTMLAttributes {
                guard let fieldError, fieldError.fieldID == id else { return [:] }
                fieldError.write(into: &html)
                return fieldError.fieldAttributes
            }
            switch target {
            case .route(let route, let parameters):
                html.void(.input, attributes: ["type": "hidden", "name": "route", "value": route])
                html.element("fieldset") { html in
                    html.element("legend", text: "Parameters of \(route), as they appear in a link")
                    if parameters.isEmpty { html.element("p", text: "This route has no parameters.") }
                    for (index, parameter) in parameters.enumerated() {
                        let id = "create-parameter-\(index)"
                        html.element("label", text: parameter.label, attributes: ["for": id])
                        var attributes: HTMLAttributes = ["type": "text", "id": id, "name": parameter.field, "value": parameter.value]
                        if parameter.isRequired { attributes.append("required", "required") }
                        html.void(.input, attributes: attributes + refusal(id, into: &html))
                    }
                }
            case .link(let label, let value):
                html.element("label", text: label, attributes: ["for": "create-link"])
                let refused = refusal("create-link", into: &html)
                html.void(.input, attributes: ["type": "text", "id": "create-link", "name": "link", "value": value, "required": "required",
                                               "spellcheck": "false"] + refused)
            }
            for (name, label, type, value) in [("alias", "Alias (optional: A-Z a-z 0-9 - _, up to 64; a random code otherwise)", "text", alias),
                                               ("expiresAt", "Expires (optional, UTC)", "datetime-local", expiresAt),
                                               ("title", "Title (optional)", "text", title),
                                               ("tags", "Tags (optional, separated by spaces: a-z 0-9 - _)", "text", tags)] {
                html.element("label", text: label, attributes: ["for": "create-\(name)"])
                let refused = refusal("create-\(name)", into: &html)
                html.void(.input, attributes: ["type": type, "id": "create-\(name)", "name": name, "value": value] + refused)
            }
            settings.write(into: &html, refusal: fieldError)
            html.element("p") { html in
                html.element("button", text: "Make the short link", attributes: ["type": "submit"])
            }
        }
    }
}
