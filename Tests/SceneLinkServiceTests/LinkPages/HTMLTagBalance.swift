/// A test's check that a page's elements balance: every start tag has its end tag, in reverse
/// order, except HTML's void elements and XML's self-closing tags (the inline SVG's).
///
/// Reads tags only; it relies on what `HTMLDocument` guarantees: no `<` or `>` inside text or
/// attribute values (both are escaped), and none in the inline style sheet or script.
enum HTMLTagBalance {
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                            "source", "track", "wbr"]

    /// The first problem in `html` ("</p> closes <div>", "<main> is never closed"), or nil when it balances.
    static func problem(in html: String) -> String? {
        var open: [String] = []
        var rest = Substring(html)
        while let start = rest.firstIndex(of: "<") {
            guard let end = rest[start...].firstIndex(of: ">") else { return "a tag never ends" }
            let tag = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("!") || tag.hasSuffix("/") { continue }
            let isEndTag = tag.hasPrefix("/")
            let name = String((isEndTag ? tag.dropFirst() : tag).prefix { $0 != " " })
            if isEndTag {
                guard let last = open.popLast() else { return "</\(name)> closes nothing" }
                guard last == name else { return "</\(name)> closes <\(last)>" }
            } else if !voidElements.contains(name) {
                open.append(name)
            }
        }
        return open.last.map { "<\($0)> is never closed" }
    }
}
