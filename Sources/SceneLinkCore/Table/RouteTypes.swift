/// The types of one route file: the built-ins and the declared ones, by name and by tag.
struct RouteTypes: Sendable {
    private(set) var byName: [String: RouteType] = [:]
    private(set) var nameByTag: [String: String] = [:]

    init() {
        for type in RouteType.builtIns { add(type) }
    }

    mutating func add(_ type: RouteType) {
        byName[type.name] = type
        if nameByTag[type.tag] == nil { nameByTag[type.tag] = type.name }
    }

    /// The type a route file names: by its name, or (leniently) by its tag (`Swift.Int`).
    func named(_ name: String) -> RouteType? {
        if let type = byName[name] { return type }
        return nameByTag[name].flatMap { byName[$0] }
    }

    /// Every type's name, sorted.
    var names: [String] { byName.keys.sorted() }

    func tagged(_ tag: String) -> RouteType? {
        nameByTag[tag].flatMap { byName[$0] }
    }

    /// Checks an item as an app would encode it (`JSONEncoder` output, parsed) against a type
    /// and returns its canonical form (sorted keys, canonical numbers, uppercase UUIDs), or a
    /// sentence saying why it does not decode as that type.
    func canonicalItem(_ value: JSONValue, as typeName: String, depth: Int = 0) -> Result<JSONValue, ItemMismatch> {
        guard depth < 64 else { return .failure(ItemMismatch("nesting is too deep")) }
        guard let type = named(typeName) else { return .failure(ItemMismatch("\(typeName) is not a known type")) }
        func expected() -> Result<JSONValue, ItemMismatch> {
            .failure(ItemMismatch("expected \(type.phrase) but found \(value.kindDescription)"))
        }
        switch type.kind {
        case .int:
            guard let number = value.intValue else { return expected() }
            return .success(.number(String(number)))
        case .double:
            guard let number = value.doubleValue else { return expected() }
            return .success(.number(JSONWriter.canonicalDoubleText(number)))
        case .bool:
            guard case .bool = value else { return expected() }
            return .success(value)
        case .string:
            guard case .string = value else { return expected() }
            return .success(value)
        case .uuid:
            guard let text = value.stringValue, let uuid = ParameterKind.canonicalUUID(text) else { return expected() }
            return .success(.string(uuid))
        case .intEnum(let cases):
            guard let number = value.intValue, cases.contains(where: { $0.raw == number }) else { return expected() }
            return .success(.number(String(number)))
        case .stringEnum(let cases):
            guard let text = value.stringValue, cases.contains(where: { $0.raw == text }) else { return expected() }
            return .success(value)
        case .associatedEnum(let cases):
            guard let members = value.objectMembers, members.count == 1,
                  let enumCase = cases.first(where: { $0.name == members[0].key }) else {
                return .failure(ItemMismatch("expected \(type.name) as an object with one case of \(cases.map(\.name).joined(separator: ", "))"))
            }
            switch canonicalFields(members[0].value, fields: enumCase.fields, owner: "\(type.name).\(enumCase.name)", depth: depth) {
            case .success(let fields): return .success(.object([(key: enumCase.name, value: fields)]))
            case .failure(let mismatch): return .failure(mismatch)
            }
        case .structure(let fields):
            return canonicalFields(value, fields: fields, owner: type.name, depth: depth)
        }
    }

    private func canonicalFields(_ value: JSONValue, fields: [(name: String, type: String)], owner: String,
                                 depth: Int) -> Result<JSONValue, ItemMismatch> {
        guard let members = value.objectMembers else {
            return .failure(ItemMismatch("expected \(owner) as an object but found \(value.kindDescription)"))
        }
        var out: [(key: String, value: JSONValue)] = []
        for field in fields {
            guard let member = members.first(where: { $0.key == field.name }) else {
                return .failure(ItemMismatch("\(owner) needs the field \"\(field.name)\""))
            }
            switch canonicalItem(member.value, as: field.type, depth: depth + 1) {
            case .success(let item): out.append((key: field.name, value: item))
            case .failure(let mismatch): return .failure(ItemMismatch("\(owner).\(field.name): \(mismatch.reason)"))
            }
        }
        // Like a synthesized `init(from:)`, unknown keys are ignored; the canonical form drops them.
        out.sort { JSONWriter.utf8Less($0.key, $1.key) }
        return .success(.object(out))
    }
}

/// Why an item does not decode as a type.
struct ItemMismatch: Error, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
