/// The attributes of one HTML element, in the order they are written: each name from code, each
/// value escaped by `HTMLDocument` when it is written.
///
/// Written as a dictionary literal, which keeps its order (a name given twice is written twice)
/// and costs what an array of pairs costs: nothing when empty, one allocation otherwise.
///
/// ```swift
/// html.element("a", text: "Docs", attributes: ["href": "/docs", "class": "help"])
/// var attributes: HTMLAttributes = ["value": option]
/// if option == chosen { attributes.append("selected", "selected") }
/// ```
package struct HTMLAttributes: ExpressibleByDictionaryLiteral {
    /// The names and values, in order.
    private(set) var pairs: [(StaticString, String)]

    package init(dictionaryLiteral elements: (StaticString, String)...) {
        // The literal's own array: no copy.
        pairs = elements
    }

    /// Adds `name="value"` after the attributes already there.
    package mutating func append(_ name: StaticString, _ value: String) {
        pairs.append((name, value))
    }

    /// `left`'s attributes, then `right`'s.
    package static func + (left: HTMLAttributes, right: HTMLAttributes) -> HTMLAttributes {
        var joined = left
        joined.pairs.append(contentsOf: right.pairs)
        return joined
    }
}
