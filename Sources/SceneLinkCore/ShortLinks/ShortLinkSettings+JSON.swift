extension ShortLinkSettings {
    /// The members of a link's JSON that hold its settings.
    public static let members = ["preview", "fallbacks", "skipPage", "campaign"]
    /// The members of `preview`.
    public static let previewMembers = ["title", "description", "image"]

    /// The settings as the API writes them, every member present: `preview`, `fallbacks` and
    /// `campaign` an object of what is set or null, `skipPage` a Boolean.
    public var json: JSONValue {
        .object([
            ("preview", Self.object([("title", preview.title), ("description", preview.description), ("image", preview.image)])),
            ("fallbacks", Self.object(ShortLinkFallbacks.members.map { ($0, fallbacks[$0]) })),
            ("skipPage", .bool(skipPage)),
            ("campaign", Self.object(campaign.values.map { ($0.name, $0.value) })),
        ])
    }

    /// The settings as a store keeps them in one text column: the JSON of what is set (`json`
    /// without its nulls and a false `skipPage`), nil when nothing is.
    public var storedText: String? {
        guard !isEmpty, case .object(let members) = json else { return nil }
        let kept = members.filter { $0.value != .null && $0.value != .bool(false) }
        return JSONWriter.text(.object(kept), escapingSlashes: false)
    }

    /// The settings a store kept (`storedText`); none for nil. A text this build cannot read
    /// (written by hand into the database) is read as far as it is valid and otherwise as none,
    /// so one damaged row never stops a link from answering with its route's page.
    public init(storedText: String?) {
        guard let storedText, let document = try? JSONParser.parse(storedText),
              let settings = try? ShortLinkSettings(json: document) else {
            self = .none
            return
        }
        self = settings
    }

    /// The settings of a JSON object's `preview`, `fallbacks`, `skipPage` and `campaign` members
    /// (any of them absent or null: unset; other members are the caller's and not read).
    /// - Throws: `ShortLinkSettingsError` naming the first member that cannot be kept.
    public init(json document: JSONValue) throws(ShortLinkSettingsError) {
        self.init()
        if let value = Self.present(document["preview"]) {
            let members = try Self.members(of: value, at: "preview", known: Self.previewMembers,
                                           expected: #"an object such as {"title": "Spring sale", "image": "https://…"}"#)
            preview.title = try Self.text(members["title"], at: "preview.title", maximumLength: Self.maximumPreviewTitleLength)
            preview.description = try Self.text(members["description"], at: "preview.description",
                                                maximumLength: Self.maximumPreviewDescriptionLength)
            preview.image = try Self.url(members["image"], at: "preview.image", schemes: ["https"])
        }
        if let value = Self.present(document["fallbacks"]) {
            let members = try Self.members(of: value, at: "fallbacks", known: ShortLinkFallbacks.members,
                                           expected: #"an object such as {"ios": "https://…", "desktop": "https://…"}"#)
            for name in ShortLinkFallbacks.members {
                fallbacks[name] = try Self.url(members[name], at: "fallbacks." + name, schemes: ["https", "http"])
            }
        }
        switch document["skipPage"] {
        case nil, .null?: break
        case .bool(let value)?: skipPage = value
        case _?: throw ShortLinkSettingsError(member: "skipPage", reason: "give true or false")
        }
        if let value = Self.present(document["campaign"]) {
            let members = try Self.members(of: value, at: "campaign", known: LinkCampaign.names,
                                           expected: #"an object such as {"utm_source": "newsletter", "utm_campaign": "spring"}"#)
            for name in LinkCampaign.names {
                guard let value = Self.present(members[name]) else { continue }
                guard let text = value.stringValue else {
                    throw ShortLinkSettingsError(member: "campaign." + name, reason: "give a string, or null for none")
                }
                if let problem = LinkCampaignRules.problem(name: name, value: text) {
                    throw ShortLinkSettingsError(member: "campaign." + name, reason: problem)
                }
                campaign[name] = text
            }
        }
    }

    /// These settings with a JSON merge patch (RFC 7396) of their members applied: a member left
    /// out keeps its value, null removes it, an object is merged member by member (so
    /// `{"preview": {"image": null}}` removes only the image).
    /// - Throws: `ShortLinkSettingsError` when the result cannot be kept.
    public func patched(with patch: JSONValue) throws(ShortLinkSettingsError) -> ShortLinkSettings {
        guard case .object(let members) = patch else { return self }
        let relevant = JSONValue.object(members.filter { Self.members.contains($0.key) })
        return try ShortLinkSettings(json: json.mergePatched(with: relevant))
    }

    // MARK: - Reading

    private static func object(_ members: [(String, String?)]) -> JSONValue {
        let set = members.compactMap { member in member.1.map { (key: member.0, value: JSONValue.string($0)) } }
        return set.isEmpty ? .null : .object(set)
    }

    private static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    private static func members(of value: JSONValue, at location: String, known: [String],
                                expected: String) throws(ShortLinkSettingsError) -> [String: JSONValue] {
        guard let members = value.objectMembers else {
            throw ShortLinkSettingsError(member: location, reason: "give \(expected), or null for none")
        }
        var found: [String: JSONValue] = [:]
        for (key, member) in members {
            guard known.contains(key) else {
                throw ShortLinkSettingsError(member: location + "." + key,
                                             reason: "is not a member of \(location); give \(known.joined(separator: ", "))")
            }
            found[key] = member
        }
        return found
    }

    private static func text(_ value: JSONValue?, at location: String, maximumLength: Int) throws(ShortLinkSettingsError) -> String? {
        guard let value = present(value) else { return nil }
        guard let text = value.stringValue else { throw ShortLinkSettingsError(member: location, reason: "give a string, or null for none") }
        guard !text.isEmpty else { return nil }
        guard text.count <= maximumLength else {
            throw ShortLinkSettingsError(member: location, reason: "is \(text.count) characters long; give at most \(maximumLength)")
        }
        return text
    }

    private static func url(_ value: JSONValue?, at location: String, schemes: Set<String>) throws(ShortLinkSettingsError) -> String? {
        guard let text = try text(value, at: location, maximumLength: Int.max) else { return nil }
        guard text.utf8.count <= maximumURLBytes else {
            throw ShortLinkSettingsError(member: location, reason: "is \(text.utf8.count) bytes long; give a URL of at most \(maximumURLBytes)")
        }
        if let problem = RouteFileLoader.urlProblem(TextTemplate(chunks: [.text(text)]), allowedSchemes: schemes) {
            let kind = schemes == ["https"] ? "an https URL" : "an http or https URL"
            throw ShortLinkSettingsError(member: location, reason: "give \(kind): \(problem)")
        }
        return text
    }
}
