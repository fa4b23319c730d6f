import SceneLinkText

/// Which links a listing shows: those with a tag, those whose code, link or title contains a
/// text, both, or (the default) all of them.
///
/// **Matching.** `text` matches a link when it occurs in its code, its link or its title,
/// ignoring the case of ASCII letters (other characters match as written): the same rule in
/// every store (SQLite's `LIKE`, PostgreSQL's `LIKE` over an ASCII-folded column, the fake's
/// byte search). `%`, `_` and `\` are plain characters: `likePattern` escapes them.
///
/// **Cost.** A tag is found through the tag index (`short_link_tags (tag, sequence)`): a page
/// costs its own rows whatever the number of links. A text is a scan in creation order that
/// stops at the page's end: cheap when matches are common, one pass over every link after the
/// cursor when they are rare (100,000 links: about 50 ms on SQLite and on PostgreSQL, measured
/// on an idle machine with a release build). Both together walk the tag's links in order,
/// checking the text: at worst one pass over the links with that tag.
public struct ShortLinkFilter: Sendable, Equatable {
    /// The longest text accepted, in bytes.
    public static let maximumTextBytes = 200

    public var tag: ShortLinkTag?
    /// The text to find, or nil; an empty text is no filter.
    public var text: String?

    public init(tag: ShortLinkTag? = nil, text: String? = nil) {
        self.tag = tag
        self.text = text.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// No filter: every link.
    public static let all = ShortLinkFilter()

    /// `text` ASCII-lowercased, `\`, `%` and `_` escaped with `\`, between two `%`: the
    /// pattern for `LIKE ? ESCAPE '\'` over ASCII-lowercased columns. Nil without a text.
    public var likePattern: String? {
        guard let text else { return nil }
        var pattern = "%"
        for scalar in Self.foldedASCII(text).unicodeScalars {
            if scalar == "\\" || scalar == "%" || scalar == "_" { pattern.unicodeScalars.append("\\") }
            pattern.unicodeScalars.append(scalar)
        }
        return pattern + "%"
    }

    /// Whether `link` passes the filter, the rule every store follows (the fake calls it).
    public func matches(_ link: ShortLink) -> Bool {
        if let tag, !link.tags.contains(tag) { return false }
        guard let text else { return true }
        let needle = Self.foldedASCII(text)
        return [link.code.rawValue, link.link, link.title ?? ""].contains { Self.foldedASCII($0).contains(needle) }
    }

    /// `text` with `A-Z` lowercased and every other character as it is.
    static func foldedASCII(_ text: String) -> String {
        String(decoding: text.utf8.map(ASCIICase.lowercased), as: UTF8.self)
    }
}
