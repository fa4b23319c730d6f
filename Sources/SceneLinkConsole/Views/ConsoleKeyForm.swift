import Foundation
import SceneLinkCore
import SceneLinkOperations

/// The form that makes an API key, as the System page shows it: a name and a box per scope, each
/// box with its label beside it. After a refusal it holds what was entered and says, beside each
/// field and in the page's error summary, what to fill in: an empty form is never refused silently.
///
/// The form asks the browser for no check of its own (`novalidate`): the server's answer is
/// the same in every browser, and says what to fix in words.
package struct ConsoleKeyForm: Sendable, Equatable {
    /// The name field's `id`.
    package static let nameID = "key-name"

    /// The name as entered (empty on a fresh form).
    package let name: String
    /// The scopes ticked.
    package let scopes: Set<APIKeyScope>
    /// What was refused, in the form's order (empty on a fresh form).
    package let errors: [ConsoleFieldError]
    package let formToken: String

    /// A fresh form.
    package init(formToken: String) {
        self.init(name: "", scopes: [], errors: [], formToken: formToken)
    }

    package init(name: String, scopes: Set<APIKeyScope>, errors: [ConsoleFieldError], formToken: String) {
        self.name = name
        self.scopes = scopes
        self.errors = errors
        self.formToken = formToken
    }

    /// The `id` of a scope's box: `scope-` and the scope with `:` as `-`.
    package static func boxID(_ scope: APIKeyScope) -> String {
        "scope-" + scope.rawValue.replacingOccurrences(of: ":", with: "-")
    }

    /// What is wrong with `name` and the `scopes` given (the texts of the form's boxes), as the
    /// key operation would refuse them, each as the field to fix: an empty name, a name of other
    /// characters, no scope, a scope that is not one. Empty when the operation may be asked.
    package static func errors(name: String, scopes: [String]) -> [ConsoleFieldError] {
        var errors: [ConsoleFieldError] = []
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.append(ConsoleFieldError(fieldID: nameID, message: "Enter a name for the key, such as ci-deploy"))
        } else {
            do throws(APIKeyInputError) { _ = try APIKey.validName(name) } catch {
                errors.append(ConsoleFieldError(fieldID: nameID, message: error.description))
            }
        }
        let firstBox = boxID(APIKeyScope.allCases[0])
        if scopes.isEmpty {
            errors.append(ConsoleFieldError(fieldID: firstBox, message: "Choose at least one scope the key may use"))
        } else {
            do throws(APIKeyInputError) { _ = try APIKeyScope.parse(scopes) } catch {
                errors.append(ConsoleFieldError(fieldID: firstBox, message: error.description))
            }
        }
        return errors
    }

    package func write(into html: inout HTMLDocument) {
        html.element("h3", text: "Make a key")
        html.element("form", attributes: ["method": "post", "action": ConsoleEndpoints.keysPath, "novalidate": "novalidate"]) { html in
            ConsolePage.formTokenField(formToken, into: &html)
            html.element("label", text: "Name (letters, digits, . _ - and spaces)", attributes: ["for": Self.nameID])
            var nameAttributes: HTMLAttributes = ["type": "text", "id": Self.nameID, "name": "name", "value": name,
                                                  "required": "required", "maxlength": String(APIKey.maximumNameLength)]
            if let error = errors.first(where: { $0.fieldID == Self.nameID }) {
                error.write(into: &html)
                nameAttributes = nameAttributes + error.fieldAttributes
            }
            html.void(.input, attributes: nameAttributes)
            html.element("fieldset", attributes: ["class": "choices"]) { html in
                html.element("legend", text: "Scopes")
                let scopeError = errors.first { $0.fieldID == Self.boxID(APIKeyScope.allCases[0]) }
                scopeError?.write(into: &html)
                for scope in APIKeyScope.allCases {
                    let id = Self.boxID(scope)
                    html.element("div", attributes: ["class": "choice"]) { html in
                        var box: HTMLAttributes = ["type": "checkbox", "id": id, "name": "scopes", "value": scope.rawValue]
                        if scopes.contains(scope) { box.append("checked", "checked") }
                        if let scopeError { box = box + ["aria-describedby": scopeError.messageID] }
                        html.void(.input, attributes: box)
                        html.element("label", text: scope.rawValue, attributes: ["for": id])
                    }
                }
            }
            html.element("button", text: "Make the key", attributes: ["type": "submit"])
        }
    }
}
