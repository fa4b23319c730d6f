/// A tag read as a Swift type path: `KitchenSink.Models.Photo` is the module `KitchenSink`
/// and the names `Models`, `Photo`; `KitchenSink.Box<Swift.Int>` has the generic argument
/// `Swift.Int` on its last name.
struct TypePath: Sendable, Equatable, Hashable {
    struct Component: Sendable, Equatable, Hashable {
        var name: String
        var arguments: [TypePath]
    }

    /// The module first, then the names inside it.
    var components: [Component]

    var module: String { components[0].name }
    /// The names inside the module (`["Models", "Photo"]`).
    var names: [String] { components.dropFirst().map(\.name) }
    var arguments: [TypePath] { components.last?.arguments ?? [] }

    /// The tag as `String(reflecting:)` prints it.
    var tag: String {
        components.map { component in
            component.arguments.isEmpty ? component.name
                : component.name + "<" + component.arguments.map(\.tag).joined(separator: ", ") + ">"
        }.joined(separator: ".")
    }

    /// Parses a tag the route file loader accepted; nil when it is not dotted identifiers with
    /// optional generic arguments.
    init?(tag: String) {
        var index = tag.startIndex
        guard let path = TypePath.parse(tag, &index, depth: 0), index == tag.endIndex else { return nil }
        self = path
    }

    init(components: [Component]) { self.components = components }

    private static func parse(_ text: String, _ index: inout String.Index, depth: Int) -> TypePath? {
        guard depth < 32 else { return nil }
        var components: [Component] = []
        while true {
            let start = index
            while index < text.endIndex, !".<>,".contains(text[index]) { index = text.index(after: index) }
            let name = String(text[start..<index])
            guard SwiftSyntax.isIdentifier(name) else { return nil }
            var arguments: [TypePath] = []
            if index < text.endIndex, text[index] == "<" {
                index = text.index(after: index)
                while true {
                    guard let argument = parse(text, &index, depth: depth + 1), index < text.endIndex else { return nil }
                    arguments.append(argument)
                    if text[index] == ">" { index = text.index(after: index); break }
                    guard text[index...].hasPrefix(", ") else { return nil }
                    index = text.index(index, offsetBy: 2)
                }
            }
            components.append(Component(name: name, arguments: arguments))
            guard index < text.endIndex, text[index] == "." else { return TypePath(components: components) }
            index = text.index(after: index)
        }
    }
}
