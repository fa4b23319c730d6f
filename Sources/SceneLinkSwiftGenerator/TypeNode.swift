/// One name in a module's tree of types: a declared type (several, for the instances of one
/// generic type), or a namespace that only holds others (written as a caseless enum).
struct TypeNode: Sendable {
    var name: String
    /// The declared types with this path; more than one only for a generic type's instances.
    var instances: [DeclaredType] = []
    /// Children in the order their first type appears in the route file.
    var children: [TypeNode] = []

    init(name: String) { self.name = name }

    var isNamespace: Bool { instances.isEmpty }

    func child(_ name: String) -> TypeNode? { children.first { $0.name == name } }

    /// The node at `names` below this one.
    func node(at names: ArraySlice<String>) -> TypeNode? {
        guard let first = names.first else { return self }
        return child(first)?.node(at: names.dropFirst())
    }

    mutating func insert(_ type: DeclaredType, at names: ArraySlice<String>) {
        guard let first = names.first else {
            instances.append(type)
            return
        }
        if let index = children.firstIndex(where: { $0.name == first }) {
            children[index].insert(type, at: names.dropFirst())
        } else {
            var child = TypeNode(name: first)
            child.insert(type, at: names.dropFirst())
            children.append(child)
        }
    }

    /// Every name in the tree (for shadowing checks).
    var allNames: Set<String> {
        children.reduce(into: Set([name])) { $0.formUnion($1.allNames) }
    }
}
