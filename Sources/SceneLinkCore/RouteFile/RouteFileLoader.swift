/// Reads a route file (docs/route-file.md) into a `RouteTable`, collecting every
/// problem in one pass instead of stopping at the first.
///
/// Order of work: `app`, then `types` (names first, so types may refer to each other in any
/// order), then each top-level route tree. Within a tree, parameters are typed by where they
/// are used anywhere in the route or its descendants, then routes are compiled and put in
/// the trie, where equal-rank collisions are found.
struct RouteFileLoader {
    var problems: [RouteFileProblem] = []
    var appName = ""
    var schemes: [String] = []
    var hosts: [String] = []
    var types = RouteTypes()
    /// Types declared under "types" whose definitions have problems (reported there), so a
    /// route that names one is not told the type is unknown, nor pointed at a built-in.
    var failedTypeNames: Set<String> = []
    var routes: [Route] = []
    var trie = RouteTrie()
    var routeNames: [String: String] = [:]
    /// `app.apple`, `app.android` and `app.fallback`.
    var appLinks = AppLinks()
    /// `app.pages`.
    var pageSettings = LinkPageSettings()
    /// `app.localized`: the app's name by language.
    var localizedAppNames: [PageLanguage: String] = [:]
    /// Parameters of the route tree being read.
    var treeParameters: [ParameterDraft] = []
    /// Aliases compiled with their routes, put in the trie after every route
    /// (`insertAliases()`), so `routes` holds the routes first and the aliases after them.
    var pendingAliases: [(route: Route, keys: [RouteTrie.Key])] = []

    /// Well-known schemes a custom app scheme must not be: links in them are handled by
    /// browsers and the system, never by the app.
    static let reservedSchemes: Set<String> = [
        "http", "https", "ftp", "ftps", "sftp", "ssh", "mailto", "file", "ws", "wss", "data", "javascript",
        "tel", "sms", "mms", "about", "blob", "urn", "news", "nntp", "telnet", "ldap", "ldaps", "irc", "ircs",
        "git", "svn", "facetime", "facetime-audio", "maps", "itms", "itms-apps", "itms-services", "content",
        "intent", "market", "chrome", "gopher", "geo", "magnet", "webcal", "feed", "xmpp", "sip", "sips",
        "callto", "skype", "rtsp", "rtmp", "smb", "nfs", "dns", "view-source", "ws+unix", "resource", "jar",
    ]

    /// Reads and validates a route file; the loader then holds its compiled parts.
    static func load(_ bytes: [UInt8]) throws(RouteFileError) -> RouteFileLoader {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw RouteFileError(problems: [RouteFileProblem(
                location: "line \(error.line), column \(error.column)",
                message: "The file is not valid JSON: \(error.reason).")])
        }
        var loader = RouteFileLoader()
        loader.read(document)
        if !loader.problems.isEmpty { throw RouteFileError(problems: loader.problems) }
        return loader
    }

    mutating func problem(_ location: String, _ message: String) {
        problems.append(RouteFileProblem(location: location, message: message))
    }

    mutating func read(_ document: JSONValue) {
        guard let members = document.objectMembers else {
            problem("$", "The route file must be a JSON object with \"app\", \"types\" and \"routes\"; found \(document.kindDescription).")
            return
        }
        reportDuplicateKeys(members, at: "")
        reportUnknownKeys(members, known: RouteFileKeys.document, at: "")
        if let app = document["app"] { readApp(app) } else {
            problem("app", "The route file needs an \"app\" object with \"name\", \"schemes\" and \"hosts\".")
        }
        if let typesValue = document["types"] { readTypes(typesValue) }
        guard let routesValue = document["routes"] else {
            problem("routes", "The route file needs a \"routes\" array (it may be empty).")
            return
        }
        guard let routeList = routesValue.arrayValue else {
            problem("routes", "\"routes\" must be an array of route objects; found \(routesValue.kindDescription).")
            return
        }
        routes.reserveCapacity(routeList.count)
        for (index, route) in routeList.enumerated() {
            readTree(route, location: "routes[\(index)]")
        }
        insertAliases()
        findOverlappingSiblings()
    }

    mutating func reportDuplicateKeys(_ members: [(key: String, value: JSONValue)], at location: String) {
        guard members.count > 1 else { return }
        if members.count <= 8 {
            // Small objects (most of a route file): compare pairwise rather than build a Set.
            for index in 1..<members.count where members[0..<index].contains(where: { $0.key == members[index].key }) {
                problem(Self.join(location, members[index].key), "The key \"\(members[index].key)\" appears twice; keep one.")
            }
            return
        }
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            problem(Self.join(location, member.key), "The key \"\(member.key)\" appears twice; keep one.")
        }
    }

    static func join(_ location: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
        }
        let part = plain ? key : "[\(JSONWriter.text(.string(key), escapingSlashes: false))]"
        if location.isEmpty { return plain ? part : "$" + part }
        return plain ? location + "." + part : location + part
    }

    // MARK: app

    mutating func readApp(_ app: JSONValue) {
        guard let members = app.objectMembers else {
            problem("app", "\"app\" must be an object with \"name\", \"schemes\" and \"hosts\"; found \(app.kindDescription).")
            return
        }
        reportDuplicateKeys(members, at: "app")
        reportUnknownKeys(members, known: RouteFileKeys.app, at: "app")
        if let name = app["name"] {
            if let text = name.stringValue, !text.isEmpty { appName = text } else {
                problem("app.name", "The app name must be a non-empty string.")
            }
        }
        for (index, scheme) in stringList(app["schemes"], at: "app.schemes") {
            let location = "app.schemes[\(index)]"
            let lower = scheme.lowercased()
            if !Self.isSchemeSyntax(scheme.utf8) {
                problem(location, "\"\(scheme)\" is not a URL scheme; write letters, digits, '+', '-' or '.', starting with a letter, without \"://\".")
            } else if Self.reservedSchemes.contains(lower) {
                let hint = lower == "https" || lower == "http" ? " List web domains under \"hosts\" instead." : ""
                problem(location, "\"\(scheme)\" is a well-known scheme that the system, not the app, handles; choose the app's own scheme.\(hint)")
            } else if schemes.contains(lower) {
                problem(location, "The scheme \"\(scheme)\" is listed twice; keep one.")
            } else {
                schemes.append(lower)
            }
        }
        hosts = uniqueStrings(stringList(app["hosts"], at: "app.hosts"), at: "app.hosts", noun: "host", normalise: { $0.lowercased() }) { host in
            guard Self.isHostSyntax(host.lowercased()) else {
                return "\"\(host)\" is not a host name; write the domain alone (fuelmoney.example.com), without scheme, path or port."
            }
            if HostAmbiguity.isIPv4Like(host) {
                return "\"\(host)\" is an IP address, or reads as one in a browser; app links need a domain name."
            }
            return HostAmbiguity.reason(host: host).map { "The \($0), as app links are verified and opened." }
        }
        if app["schemes"] == nil && app["hosts"] == nil {
            problem("app", "The app needs at least one link source: \"schemes\" (custom URL schemes) or \"hosts\" (https domains).")
        }
        readAppLinks(app)
        readPages(app)
    }

    /// The listed strings that `problemWith` accepts, normalised, the first of equal ones
    /// kept; each refused or repeated item is reported at its index.
    mutating func uniqueStrings(_ items: [(Int, String)], at listLocation: String, noun: String,
                                normalise: (String) -> String = { $0 }, problemWith: (String) -> String?) -> [String] {
        var kept: [String] = []
        for (index, item) in items {
            let location = "\(listLocation)[\(index)]"
            let value = normalise(item)
            if let message = problemWith(item) {
                problem(location, message)
            } else if kept.contains(value) {
                problem(location, "The \(noun) \"\(item)\" is listed twice; keep one.")
            } else {
                kept.append(value)
            }
        }
        return kept
    }

    mutating func stringList(_ value: JSONValue?, at location: String) -> [(Int, String)] {
        guard let value else { return [] }
        guard let items = value.arrayValue else {
            problem(location, "This must be an array of strings; found \(value.kindDescription).")
            return []
        }
        var out: [(Int, String)] = []
        for (index, item) in items.enumerated() {
            if let text = item.stringValue { out.append((index, text)) } else {
                problem("\(location)[\(index)]", "This must be a string; found \(item.kindDescription).")
            }
        }
        return out
    }

    /// RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isSchemeSyntax<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard let first = bytes.first, isAlpha(first) else { return false }
        return bytes.allSatisfy { isAlpha($0) || ($0 >= 48 && $0 <= 57) || $0 == 43 || $0 == 45 || $0 == 46 }
    }

    static func isHostSyntax(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { isAlpha($0) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 >= 0x80 }
        }
    }

    static func isAlpha(_ byte: UInt8) -> Bool { (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) }

    static func isIdentifier<S: StringProtocol>(_ text: S) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// Whether `tag` can be what `String(reflecting:)` prints: dotted identifiers, each
    /// optionally with generic arguments `<A, B>` that are type names themselves.
    static func isSwiftTypeName(_ tag: String) -> Bool {
        var index = tag.startIndex
        return parseTypeName(tag, &index) && index == tag.endIndex
    }

    static func parseTypeName(_ text: String, _ index: inout String.Index, depth: Int = 0) -> Bool {
        guard depth < 32 else { return false }
        while true {
            let start = index
            while index < text.endIndex, text[index] != ".", text[index] != "<", text[index] != ">", text[index] != "," {
                index = text.index(after: index)
            }
            guard isIdentifier(text[start..<index]) else { return false }
            if index < text.endIndex, text[index] == "<" {
                index = text.index(after: index)
                while true {
                    guard parseTypeName(text, &index, depth: depth + 1) else { return false }
                    guard index < text.endIndex else { return false }
                    if text[index] == ">" { index = text.index(after: index); break }
                    // Generic arguments are separated by ", " exactly, as the runtime prints them.
                    guard text[index...].hasPrefix(", ") else { return false }
                    index = text.index(index, offsetBy: 2)
                }
            }
            guard index < text.endIndex, text[index] == "." else { return true }
            index = text.index(after: index)
        }
    }

    // MARK: types

    mutating func readTypes(_ value: JSONValue) {
        guard let members = value.objectMembers else {
            problem("types", "\"types\" must be an object mapping type names to definitions; found \(value.kindDescription).")
            return
        }
        reportDuplicateKeys(members, at: "types")
        // Names first, so a definition may name a type declared after it.
        var declared = Set<String>()
        for member in members {
            let location = Self.join("types", member.key)
            if RouteType.builtIns.contains(where: { $0.name == member.key }) {
                problem(location, "\(member.key) is a built-in type; remove this entry or give the type another name.")
            } else if !member.key.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(Self.isIdentifier) {
                problem(location, "\"\(member.key)\" is not a type name; use letters, digits and '_' (dots for nested types).")
            } else {
                declared.insert(member.key)
            }
        }
        var definitions: [(name: String, location: String, value: JSONValue)] = []
        for member in members where declared.contains(member.key) {
            definitions.append((member.key, Self.join("types", member.key), member.value))
            declared.remove(member.key)
        }
        let typeNames = Set(definitions.map(\.name)).union(RouteType.builtIns.map(\.name))
        var tags: [String: String] = [:]
        for definition in definitions {
            guard let type = readType(definition.name, definition.value, at: definition.location, known: typeNames) else {
                failedTypeNames.insert(definition.name)
                continue
            }
            if let other = tags[type.tag] {
                problem(Self.join(definition.location, "tag"), "The tag \"\(type.tag)\" is also the tag of \(other); every type needs its own tag.")
            } else if RouteType.builtIns.contains(where: { $0.tag == type.tag }) {
                problem(Self.join(definition.location, "tag"), "The tag \"\(type.tag)\" belongs to a built-in type; use the tag the app's type has.")
            }
            tags[type.tag] = type.name
            types.add(type)
        }
    }

    func typeReferenceKnown(_ name: String, _ known: Set<String>) -> Bool {
        known.contains(name) || RouteType.builtIns.contains { $0.tag == name }
    }

    func canonicalTypeName(_ name: String) -> String {
        RouteType.builtIns.first { $0.tag == name }?.name ?? name
    }

    mutating func readType(_ name: String, _ value: JSONValue, at location: String, known: Set<String>) -> RouteType? {
        guard let members = value.objectMembers else {
            problem(location, "A type definition must be an object with \"tag\" and \"cases\" or \"fields\"; found \(value.kindDescription).")
            return nil
        }
        reportDuplicateKeys(members, at: location)
        reportUnknownKeys(members, known: RouteFileKeys.type, at: location)
        var tag = appName.isEmpty ? name : appName + "." + name
        if let tagValue = value["tag"] {
            if let text = tagValue.stringValue, Self.isSwiftTypeName(text) {
                tag = text
            } else {
                let shown = tagValue.stringValue.map { "\"\($0)\"" } ?? tagValue.kindDescription
                problem(Self.join(location, "tag"), "The tag \(shown) is not a Swift type name; write what String(reflecting:) prints for the type, like \"MyApp.\(name)\" or \"MyApp.Box<Swift.Int>\".")
                return nil
            }
        }
        if let fields = value["fields"] {
            guard let list = readLabelledTypes(fields, at: Self.join(location, "fields"), known: known) else { return nil }
            return RouteType(name: name, tag: tag, kind: .structure(fields: list.map { (name: $0.label, type: $0.type) }))
        }
        guard let casesValue = value["cases"] else {
            problem(location, "The type \(name) needs \"cases\" (an enum) or \"fields\" (a struct).")
            return nil
        }
        let casesLocation = Self.join(location, "cases")
        var listedCases: [(key: String, value: JSONValue)]?
        if let names = casesValue.arrayValue {
            // `["a", "b"]` is shorthand for what Swift infers: String raw values equal to the
            // names, Int raw values counting from 0, or no associated values.
            let rawType = value["rawValue"]?.stringValue.map(canonicalTypeName)
            listedCases = []
            for (offset, name) in names.enumerated() {
                guard let text = name.stringValue else {
                    problem("\(casesLocation)[\(offset)]", "A listed case must be a case name string; found \(name.kindDescription).")
                    return nil
                }
                let caseValue: JSONValue = rawType == "Int" ? .number(String(offset)) : rawType == "String" ? .string(text) : .object([])
                listedCases?.append((key: text, value: caseValue))
            }
        }
        guard let cases = listedCases ?? casesValue.objectMembers else {
            problem(casesLocation, "\"cases\" must be an object mapping case names to raw values or associated values; found \(casesValue.kindDescription).")
            return nil
        }
        reportDuplicateKeys(cases, at: casesLocation)
        if cases.isEmpty { problem(casesLocation, "The enum \(name) has no cases; add at least one.") }
        var valid = true
        for enumCase in cases where !Self.isIdentifier(enumCase.key) {
            problem(Self.join(casesLocation, enumCase.key), "\"\(enumCase.key)\" is not a Swift case name.")
            valid = false
        }
        if let raw = value["rawValue"] {
            switch raw.stringValue.map(canonicalTypeName) {
            case "Int":
                var seen: [Int: String] = [:]
                var out: [(name: String, raw: Int)] = []
                for enumCase in cases {
                    let caseLocation = Self.join(casesLocation, enumCase.key)
                    guard case .number = enumCase.value, let number = enumCase.value.intValue else {
                        problem(caseLocation, "The raw value of \(name).\(enumCase.key) must be an integer, since rawValue is Int.")
                        valid = false
                        continue
                    }
                    if let other = seen[number] {
                        problem(caseLocation, "\(name).\(enumCase.key) has the raw value \(number), like \(name).\(other); raw values must differ.")
                        valid = false
                    }
                    seen[number] = enumCase.key
                    out.append((name: enumCase.key, raw: number))
                }
                return valid ? RouteType(name: name, tag: tag, kind: .intEnum(cases: out)) : nil
            case "String":
                var seen: [String: String] = [:]
                var out: [(name: String, raw: String)] = []
                for enumCase in cases {
                    let caseLocation = Self.join(casesLocation, enumCase.key)
                    guard let text = enumCase.value.stringValue else {
                        problem(caseLocation, "The raw value of \(name).\(enumCase.key) must be a string, since rawValue is String.")
                        valid = false
                        continue
                    }
                    if let other = seen[text] {
                        problem(caseLocation, "\(name).\(enumCase.key) has the raw value \"\(text)\", like \(name).\(other); raw values must differ.")
                        valid = false
                    }
                    seen[text] = enumCase.key
                    out.append((name: enumCase.key, raw: text))
                }
                return valid ? RouteType(name: name, tag: tag, kind: .stringEnum(cases: out)) : nil
            default:
                problem(Self.join(location, "rawValue"), "rawValue must be \"Int\" or \"String\".")
                return nil
            }
        }
        var out: [(name: String, fields: [(name: String, type: String)])] = []
        for enumCase in cases {
            let caseLocation = Self.join(casesLocation, enumCase.key)
            if enumCase.value.objectMembers == nil {
                problem(caseLocation, "\(name).\(enumCase.key) has a raw value but the type has no \"rawValue\"; add \"rawValue\": \"Int\" or \"String\", or give the case an object of associated values ({} for none).")
                valid = false
                continue
            }
            guard let fields = readLabelledTypes(enumCase.value, at: caseLocation, known: known) else { valid = false; continue }
            out.append((name: enumCase.key, fields: fields.map { (name: $0.label, type: $0.type) }))
        }
        return valid ? RouteType(name: name, tag: tag, kind: .associatedEnum(cases: out)) : nil
    }

    /// Reads `{ "label": "Type" }` (struct fields, associated values).
    mutating func readLabelledTypes(_ value: JSONValue, at location: String, known: Set<String>) -> [(label: String, type: String)]? {
        guard let members = value.objectMembers else {
            problem(location, "This must be an object mapping names to type names; found \(value.kindDescription).")
            return nil
        }
        reportDuplicateKeys(members, at: location)
        var out: [(label: String, type: String)] = []
        var valid = true
        for member in members {
            let memberLocation = Self.join(location, member.key)
            guard Self.isIdentifier(member.key) else {
                problem(memberLocation, "\"\(member.key)\" is not a Swift identifier (write _0, _1 for unlabelled associated values).")
                valid = false
                continue
            }
            guard let typeName = member.value.stringValue else {
                problem(memberLocation, "The type of \(member.key) must be a type name string; found \(member.value.kindDescription).")
                valid = false
                continue
            }
            guard typeReferenceKnown(typeName, known) else {
                problem(memberLocation, Self.unknownType(typeName, known: known))
                valid = false
                continue
            }
            out.append((label: member.key, type: canonicalTypeName(typeName)))
        }
        return valid ? out : nil
    }
}

extension RouteFileLoader {
    /// Reports every key of an object that is not in `known` (keys starting with `x-` are free).
    mutating func reportUnknownKeys(_ members: [(key: String, value: JSONValue)], known: [String], at location: String) {
        for member in members where !known.contains(member.key) && !member.key.hasPrefix("x-") {
            let keyLocation = Self.join(location, member.key)
            if let near = RouteFileKeys.closest(to: member.key, in: known) {
                problem(keyLocation, "Unknown key \"\(member.key)\"; did you mean \"\(near)\"? (Keys starting with \"x-\" are free for notes.)")
            } else {
                let listed = known.map { "\"\($0)\"" }.joined(separator: ", ")
                problem(keyLocation, "Unknown key \"\(member.key)\"; this object takes \(listed), and keys starting with \"x-\" for notes.")
            }
        }
    }
}
