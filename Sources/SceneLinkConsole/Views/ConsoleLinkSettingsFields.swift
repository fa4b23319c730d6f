import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

/// A link's own settings (`ShortLinkSettings`: its card, fallbacks, "skip the page" and
/// campaign) as form fields, the same in the form that makes a link and the one that changes it:
/// a `<details>` group "Card, fallbacks and campaign" whose fields are named after the API's
/// members (`preview.title`, `fallbacks.ios`, `campaign.utm_source`, `skipPage`), so the form
/// reads into the API's own document and the operation's sentences ("\"fallbacks.ios\": give an
/// http or https URL…") name the field they are about.
package struct ConsoleLinkSettingsFields: Sendable, Equatable {
    /// One text field: its name (the member's path) and label.
    package struct Field: Sendable, Equatable {
        package let name: String
        package let label: String
    }

    /// The checkbox's name, the `skipPage` member.
    package static let skipPageName = "skipPage"
    /// A hidden field the change form sends, so a form without these fields (an older page)
    /// leaves the settings as they are instead of removing them.
    package static let presenceName = "settings"

    /// Every text field, grouped as the API groups them: `preview`, `fallbacks`, `campaign`.
    package static let fields: [Field] = [
        Field(name: "preview.title", label: "Card title"),
        Field(name: "preview.description", label: "Card description"),
        Field(name: "preview.image", label: "Card image (an https URL)"),
        Field(name: "fallbacks.ios", label: "Fallback on iPhone without the app (http or https URL)"),
        Field(name: "fallbacks.ipad", label: "Fallback on iPad without the app (empty: the iPhone's)"),
        Field(name: "fallbacks.android", label: "Fallback on Android without the app"),
        Field(name: "fallbacks.desktop", label: "Fallback on a desktop browser"),
    ] + LinkCampaign.names.map { name in
        Field(name: "campaign." + name, label: ConsoleLinkSettingsFields.campaignLabels[name] ?? name)
    }

    private static let campaignLabels = [
        "utm_source": "Campaign source (utm_source)", "utm_medium": "Campaign medium (utm_medium)",
        "utm_campaign": "Campaign name (utm_campaign)", "utm_term": "Campaign term (utm_term)",
        "utm_content": "Campaign content (utm_content)", "pt": "App Store provider token (pt)",
        "ct": "App Store campaign token (ct)", "mt": "App Store media type (mt)", "at": "App Store affiliate token (at)",
    ]

    /// The values shown, by field name (absent or empty when unset).
    package let values: [String: String]
    package let skipPage: Bool
    /// The `id` prefix of the fields (`link`, `create`): a field's id is `PREFIX-preview-title`.
    package let prefix: String

    /// The fields holding `settings` (a link's page).
    package init(_ settings: ShortLinkSettings, prefix: String) {
        var values: [String: String] = [:]
        values["preview.title"] = settings.preview.title
        values["preview.description"] = settings.preview.description
        values["preview.image"] = settings.preview.image
        for name in ShortLinkFallbacks.members { values["fallbacks." + name] = settings.fallbacks[name] }
        for (name, value) in settings.campaign.values { values["campaign." + name] = value }
        self.values = values
        skipPage = settings.skipPage
        self.prefix = prefix
    }

    /// The fields as a refused form sent them.
    package init(entered form: ConsoleForm, prefix: String) {
        var values: [String: String] = [:]
        for field in Self.fields { values[field.name] = form[field.name] ?? "" }
        self.values = values
        skipPage = form[Self.skipPageName] == "on"
        self.prefix = prefix
    }

    /// The `id` of the field named `name` (`preview.title` → `PREFIX-preview-title`).
    package func id(of name: String) -> String {
        prefix + "-" + name.replacingOccurrences(of: ".", with: "-")
    }

    /// Whether no field holds a value and the box is not ticked.
    package var isEmpty: Bool { !skipPage && values.values.allSatisfy(\.isEmpty) }

    // MARK: - Reading a form

    /// The settings members of a change (`ShortLinkChangeRequest`) from the change form: each
    /// group an object of its fields, an emptied field null (it is removed, the route's again), a
    /// group all emptied null; `skipPage` the checkbox. Nothing when the form did not carry these
    /// fields (`presenceName`).
    package static func patch(_ form: ConsoleForm) -> [(key: String, value: JSONValue)] {
        guard form[presenceName] != nil else { return [] }
        var members: [(key: String, value: JSONValue)] = []
        for group in ["preview", "fallbacks", "campaign"] {
            let inGroup = fields.filter { $0.name.hasPrefix(group + ".") }.map { field in
                (key: String(field.name.dropFirst(group.count + 1)), value: text(form, field.name).map(JSONValue.string) ?? .null)
            }
            members.append((group, inGroup.allSatisfy { $0.value == .null } ? .null : .object(inGroup)))
        }
        members.append((skipPageName, .bool(form[skipPageName] == "on")))
        return members
    }

    /// The settings members of a new link (`ShortLinkRequest`) from the create form: each group
    /// with the fields filled in, none for a group left empty; `skipPage` only when ticked.
    package static func members(_ form: ConsoleForm) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        for group in ["preview", "fallbacks", "campaign"] {
            let filled = fields.filter { $0.name.hasPrefix(group + ".") }.compactMap { field in
                text(form, field.name).map { (key: String(field.name.dropFirst(group.count + 1)), value: JSONValue.string($0)) }
            }
            if !filled.isEmpty { members.append((group, .object(filled))) }
        }
        if form[skipPageName] == "on" { members.append((skipPageName, .bool(true))) }
        return members
    }

    /// The field a refusal's sentence is about, when it names one of these members first
    /// (`"fallbacks.ios": give …` → `fallbacks.ios`; `"skipPage": …` → `skipPage`); nil otherwise.
    package static func field(in sentence: String) -> String? {
        guard sentence.hasPrefix("\"") else { return nil }
        let member = sentence.dropFirst().prefix { $0 != "\"" }
        if member == skipPageName { return skipPageName }
        // A member under a known one (`"preview.colour"`, not one of ours) is about its group's first field.
        if let field = fields.first(where: { $0.name == member }) { return field.name }
        return fields.first { field in
            let group = String(field.name.prefix { character in character != "." })
            return member.hasPrefix(group + ".") || member == group
        }?.name
    }

    /// A field's text with the spaces around it left out, nil when empty.
    private static func text(_ form: ConsoleForm, _ name: String) -> String? {
        let text = (form[name] ?? "").trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    // MARK: - Writing

    /// `<details>` "Card, fallbacks and campaign" with every field, a label above each and the
    /// checkbox's beside it; open when any holds a value or `refusal` is about one of its fields
    /// (then its message is written beside that field).
    package func write(into html: inout HTMLDocument, refusal: ConsoleFieldError?) {
        let ids = Self.fields.map { id(of: $0.name) } + [id(of: Self.skipPageName)]
        /// The refusal's attributes and message for the field `id`, when it is the one refused.
        func refused(_ id: String, _ html: inout HTMLDocument) -> HTMLAttributes {
            guard let refusal, refusal.fieldID == id else { return [:] }
            refusal.write(into: &html)
            return refusal.fieldAttributes
        }
        var attributes: HTMLAttributes = [:]
        if !isEmpty || refusal.map({ ids.contains($0.fieldID) }) == true { attributes.append("open", "open") }
        html.element("details", attributes: attributes) { html in
            html.element("summary", text: "Card, fallbacks and campaign (optional; empty: the route's)")
            for (heading, group) in [("The link's own card", "preview."), ("Where a visitor without the app goes", "fallbacks."),
                                     ("Campaign handed on to every fallback and store link", "campaign.")] {
                html.element("fieldset") { html in
                    html.element("legend", text: heading)
                    for field in Self.fields where field.name.hasPrefix(group) {
                        let fieldID = id(of: field.name)
                        html.element("label", text: field.label, attributes: ["for": fieldID])
                        let invalid = refused(fieldID, &html)
                        html.void(.input, attributes: ["type": "text", "id": fieldID, "name": field.name, "value": values[field.name] ?? "",
                                                       "spellcheck": "false"] + invalid)
                    }
                    if group == "fallbacks." {
                        let boxID = id(of: Self.skipPageName)
                        let invalid = refused(boxID, &html)
                        html.element("p") { html in
                            var box: HTMLAttributes = ["type": "checkbox", "id": boxID, "name": Self.skipPageName]
                            if skipPage { box.append("checked", "checked") }
                            html.void(.input, attributes: box + invalid)
                            html.element("label", text: "Skip the page: send a browser straight on, with no page in between (FDL's efr=1)",
                                         attributes: ["for": boxID])
                        }
                    }
                }
            }
        }
    }
}
