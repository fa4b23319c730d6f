/// `app.pages` (the default language and the theme), `app.localized` and each route's
/// `preview.localized`: what link pages show in each language and how they look.
extension RouteFileLoader {
    mutating func readPages(_ app: JSONValue) {
        if let localized = app["localized"] { readLocalizedApp(localized) }
        guard let pages = app["pages"] else { return }
        guard members(of: pages, at: "app.pages", known: RouteFileKeys.pages,
                      shape: "an object with \"defaultLanguage\" and \"theme\"") != nil else { return }
        if let value = pages["defaultLanguage"] {
            if let language = language(value.stringValue, shown: value, at: "app.pages.defaultLanguage") {
                pageSettings.defaultLanguage = language
            }
        }
        if let theme = pages["theme"] { pageSettings.theme = readTheme(theme, at: "app.pages.theme") }
    }

    /// `app.localized`: `{"ja": {"name": "…"}}`.
    private mutating func readLocalizedApp(_ value: JSONValue) {
        for (language, location, entry) in localizedEntries(value, at: "app.localized", known: RouteFileKeys.localizedApp,
                                                             shape: "an object with \"name\"") {
            guard let name = entry["name"] else { continue }
            if let text = name.stringValue, !text.isEmpty {
                localizedAppNames[language] = text
            } else {
                problem(Self.join(location, "name"), "The app's name in \(language.tag) must be a non-empty string.")
            }
        }
    }

    /// A route's `preview.localized`: each field translated must be one the route's preview
    /// (or its parent's) has, so no language shows what the default language does not.
    mutating func readLocalizedPreview(_ value: JSONValue, at location: String, scope: [String: Int],
                                       presentation: inout RoutePresentation) {
        let own: [(key: String, present: Bool)] = [("title", presentation.title != nil),
                                                    ("description", presentation.description != nil),
                                                    ("image", presentation.image != nil)]
        for (language, entryLocation, entry) in localizedEntries(value, at: location, known: RouteFileKeys.localizedPreview,
                                                                  shape: "an object with \"title\", \"description\" or \"image\"") {
            var translated = presentation.localized[language] ?? LocalizedPreview()
            for (key, present) in own where entry[key] != nil && !present {
                let article = key == "image" ? "an" : "a"
                problem(Self.join(entryLocation, key), "The route's preview has no \"\(key)\" to translate; give \"preview\" \(article) \"\(key)\" in the default language first, or remove this one.")
            }
            if own[0].present, let title = textTemplate(entry["title"], at: Self.join(entryLocation, "title"), scope: scope) {
                translated.title = title
            }
            if own[1].present, let description = textTemplate(entry["description"], at: Self.join(entryLocation, "description"), scope: scope) {
                translated.description = description
            }
            if own[2].present, let image = previewImage(entry["image"], at: Self.join(entryLocation, "image"), scope: scope) {
                translated.image = image
            }
            presentation.localized[language] = translated
        }
    }

    /// A preview's image: an https URL template.
    mutating func previewImage(_ value: JSONValue?, at location: String, scope: [String: Int]) -> TextTemplate? {
        guard let template = textTemplate(value, at: location, scope: scope) else { return nil }
        if let reason = Self.urlProblem(template, allowedSchemes: ["https"]) {
            problem(location, "The image must be an https URL: \(reason).")
            return nil
        }
        return template
    }

    /// The entries of a `localized` object whose keys are language tags the pages speak, each
    /// an object with only `known` keys; every other key and entry reported.
    private mutating func localizedEntries(_ value: JSONValue, at location: String, known: [String],
                                           shape: String) -> [(PageLanguage, String, JSONValue)] {
        guard let members = value.objectMembers else {
            problem(location, "\"localized\" must be an object mapping language tags (\"ja\", \"zh-Hant\") to \(shape); found \(value.kindDescription).")
            return []
        }
        reportDuplicateKeys(members, at: location)
        var entries: [(PageLanguage, String, JSONValue)] = []
        for member in members {
            let entryLocation = Self.join(location, member.key)
            guard let language = language(member.key, shown: nil, at: entryLocation) else { continue }
            if entries.contains(where: { $0.0 == language }) {
                problem(entryLocation, "The language \(language.tag) is listed twice (tags compare in any case); keep one.")
                continue
            }
            guard self.members(of: member.value, at: entryLocation, known: known, shape: shape) != nil else { continue }
            entries.append((language, entryLocation, member.value))
        }
        return entries
    }

    /// The page language `tag` names, or nil with a problem that says the nearest one.
    private mutating func language(_ tag: String?, shown value: JSONValue?, at location: String) -> PageLanguage? {
        guard let tag else {
            problem(location, "The language must be a tag string like \"en\" or \"ja\"; found \(value?.kindDescription ?? "nothing").")
            return nil
        }
        if let language = PageLanguage(tag: tag) { return language }
        let listed = PageLanguage.allCases.map(\.tag).map { "\"\($0)\"" }.joined(separator: ", ")
        // A visitor's tag (ja-JP, zh-TW, pt) names the page language it would get; else a typo
        // one edit away (jp), as tags are too short for the keys' looser bound.
        let typo = PageLanguage.allCases.first { EditDistance.between(tag.lowercased().utf8, $0.tag.lowercased().utf8) <= 1 }
        if let near = PageLanguage.lookup(tag) ?? typo {
            problem(location, "Unknown language tag \"\(tag)\"; did you mean \"\(near.tag)\"? The pages speak \(listed).")
        } else {
            problem(location, "Unknown language tag \"\(tag)\"; the pages speak \(listed).")
        }
        return nil
    }

    /// `app.pages.theme`: three colours whose pairs on the page meet WCAG 2 AA, and a logo.
    private mutating func readTheme(_ value: JSONValue, at location: String) -> PageTheme? {
        guard members(of: value, at: location, known: RouteFileKeys.theme,
                      shape: "an object with \"accent\", \"background\" and \"text\" colours and a \"logo\" URL") != nil else { return nil }
        let before = problems.count
        func color(_ key: String) -> PageColor? {
            let keyLocation = Self.join(location, key)
            guard let member = value[key] else {
                problem(location, "The theme needs \"\(key)\", a CSS hex colour like \"#1a73e8\".")
                return nil
            }
            if let text = member.stringValue, let color = PageColor(hex: text) { return color }
            let shown = member.stringValue.map { "\"\($0)\"" } ?? member.kindDescription
            problem(keyLocation, "The colour \(shown) is not CSS hex; write \"#rrggbb\" or \"#rgb\", like \"#1a73e8\" (no transparency).")
            return nil
        }
        let accent = color("accent"), background = color("background"), text = color("text")
        var logo: String?
        if let member = value["logo"] {
            if let url = member.stringValue, PageTheme.origin(ofLogo: url) != nil {
                logo = url
            } else {
                let shown = member.stringValue.map { "\"\($0)\"" } ?? member.kindDescription
                problem(Self.join(location, "logo"), "The logo \(shown) is not an https image URL; write one like \"https://example.com/logo.png\", without spaces, quotes, ';' or ','.")
            }
        }
        guard let accent, let background, let text else { return nil }
        let minimum = PageTheme.minimumContrast
        let textContrast = text.contrast(with: background)
        if textContrast < minimum {
            problem(Self.join(location, "text"), "The text \(text.hex) on the background \(background.hex) has a contrast of \(Self.ratio(textContrast)), below the \(Self.ratio(minimum)) WCAG 2 AA asks of text; make one of them darker or lighter.")
        }
        let accentContrast = accent.contrast(with: background)
        if accentContrast < minimum {
            problem(Self.join(location, "accent"), "The accent \(accent.hex) and the background \(background.hex) have a contrast of \(Self.ratio(accentContrast)), below the \(Self.ratio(minimum)) WCAG 2 AA asks of text (the \"Open in the app\" button is the background colour on the accent, the other buttons the accent on the background); make one of them darker or lighter.")
        }
        guard problems.count == before else { return nil }
        return PageTheme(accent: accent, background: background, text: text, logo: logo)
    }

    /// A contrast ratio as people read it, rounded down to two decimals: `4.49:1`, never `4.50:1` for 4.499.
    static func ratio(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }
}
