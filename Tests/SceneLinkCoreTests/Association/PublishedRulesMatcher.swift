@testable import SceneLinkCore

/// Decides whether an association file claims an https URL, written from the platforms'
/// published rules and nothing of SceneLink's resolver:
///
/// - Apple, `applinks.Details.Components`: components are tried in order and the first that
///   matches decides; `exclude: true` keeps the URL out of the app. A component matches when
///   each of `/` (path), `?` (query) and `#` (fragment) it gives matches; one it leaves out
///   matches anything. `*` matches zero or more characters (greedily, `/` included), `?`
///   exactly one, so `?*` one or more. A `?` dictionary matches query items by name: an
///   absent item, or one without a value, counts as the empty string, and every instance of a
///   repeated name must match. `caseSensitive` (default true) and `percentEncoded` (default
///   true: match the URL as encoded; false: decode it first) adjust the comparison.
/// - Google, `dynamic_app_link_components` (Android 15): the same keys, order and wildcards;
///   paths are compared decoded, as Android's `Uri.getPath()` gives them.
struct PublishedRulesMatcher {
    enum Platform { case apple, android }

    struct Component {
        var path: String?
        var query: JSONValue?
        var fragment: String?
        var exclude: Bool
        var caseSensitive: Bool
        var percentEncoded: Bool
    }

    let components: [Component]

    /// Reads the components of the first `details` entry (Apple) or statement (Google).
    init?(document: [UInt8], platform: Platform) {
        guard let root = try? JSONParser.parse(document) else { return nil }
        let list: [JSONValue]?
        switch platform {
        case .apple:
            list = root["applinks"]?["details"]?.arrayValue?.first?["components"]?.arrayValue
        case .android:
            list = root.arrayValue?.first?["relation_extensions"]?["delegate_permission/common.handle_all_urls"]?["dynamic_app_link_components"]?.arrayValue
        }
        guard let list else { return nil }
        components = list.map { item in
            Component(path: item["/"]?.stringValue, query: item["?"], fragment: item["#"]?.stringValue,
                      exclude: item["exclude"] == .bool(true),
                      caseSensitive: platform == .android || item["caseSensitive"] != .bool(false),
                      percentEncoded: platform == .apple && item["percentEncoded"] != .bool(false))
        }
    }

    /// Whether the app opens `url` (`https://host/path?query#fragment`).
    func claims(_ url: String) -> Bool {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") { fragment = String(rest[rest.index(after: hash)...]); rest = rest[..<hash] }
        var query: String?
        if let question = rest.firstIndex(of: "?") { query = String(rest[rest.index(after: question)...]); rest = rest[..<question] }
        let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        for component in components {
            let pathText = component.percentEncoded ? path : (Self.decode(path) ?? path)
            if let pattern = component.path, !Self.glob(pattern, pathText, caseSensitive: component.caseSensitive) { continue }
            if let pattern = component.fragment, !Self.glob(pattern, fragment, caseSensitive: component.caseSensitive) { continue }
            if let queryPattern = component.query, !queryMatches(queryPattern, query ?? "", component) { continue }
            return !component.exclude
        }
        return false
    }

    private func queryMatches(_ pattern: JSONValue, _ query: String, _ component: Component) -> Bool {
        if let text = pattern.stringValue { return Self.glob(text, query, caseSensitive: component.caseSensitive) }
        guard let members = pattern.objectMembers else { return false }
        let items = query.split(separator: "&").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]), value = parts.count > 1 ? String(parts[1]) : ""
            return component.percentEncoded ? (name, value) : (Self.decode(name) ?? name, Self.decode(value) ?? value)
        }
        for member in members {
            guard let valuePattern = member.value.stringValue else { return false }
            let values = items.filter { $0.0 == member.key }.map(\.1)
            for value in values.isEmpty ? [""] : values where !Self.glob(valuePattern, value, caseSensitive: component.caseSensitive) {
                return false
            }
        }
        return true
    }

    /// `*` zero or more characters, `?` exactly one, anything else itself.
    static func glob(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
        let p = Array(caseSensitive ? pattern : pattern.lowercased())
        let t = Array(caseSensitive ? text : text.lowercased())
        // matched[j]: the pattern so far matches the first j characters of the text.
        var matched = [Bool](repeating: false, count: t.count + 1)
        matched[0] = true
        for character in p {
            var next = [Bool](repeating: false, count: t.count + 1)
            for j in 0...t.count {
                switch character {
                case "*": next[j] = matched[j] || (j > 0 && next[j - 1])
                case "?": next[j] = j > 0 && matched[j - 1]
                default: next[j] = j > 0 && matched[j - 1] && t[j - 1] == character
                }
            }
            matched = next
        }
        return matched[t.count]
    }

    /// Percent-decoding of the whole text (UTF-8); nil for a malformed escape.
    static func decode<S: StringProtocol>(_ text: S) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
