/// The segment trie of every route's full path, built while a route file loads: the
/// structure the loader checks (overlapping sibling parameters, `terminalShapes`), names in
/// messages (`shape`), and that `ResolveIndex` lays out flat for matching. It matches no
/// link itself.
///
/// The precedence its layout encodes, which `ResolveIndex` follows at each segment with
/// backtracking on a dead end:
/// 1. a literal segment (compared case-sensitively);
/// 2. typed parameters (`Int`, `Double`, `Bool`, `UUID`, enums with raw values), in file order;
/// 3. a `String` parameter;
/// 4. `{rest...}` (one or more remaining segments).
/// Sibling parameters of the same type share one node; their names live on the routes.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        /// Literal children while there are few of them: a short scan of inline strings beats
        /// hashing and touches less memory than a dictionary.
        var fewLiterals: [(text: String, child: Int)] = []
        /// Literal children once there are more than `fewLimit`.
        var manyLiterals: [String: Int] = [:]
        /// Typed parameter children: type name, how it matches, child node.
        var typed: [(typeName: String, kind: ParameterKind, child: Int)] = []
        var string: Int?
        var rest: Int?
        /// Routes ending here, more required query items first.
        var terminals: [Int] = []

        static let fewLimit = 6

        func literal(_ text: String) -> Int? {
            if manyLiterals.isEmpty {
                for entry in fewLiterals where entry.text == text { return entry.child }
                return nil
            }
            return manyLiterals[text]
        }

        /// Every literal child, for walks.
        var literalChildren: [(text: String, child: Int)] {
            manyLiterals.isEmpty ? fewLiterals : manyLiterals.map { (text: $0.key, child: $0.value) }
        }

        mutating func addLiteral(_ text: String, child: Int) {
            if manyLiterals.isEmpty && fewLiterals.count < Node.fewLimit {
                fewLiterals.append((text: text, child: child))
                return
            }
            for entry in fewLiterals { manyLiterals[entry.text] = entry.child }
            fewLiterals = []
            manyLiterals[text] = child
        }
    }

    /// One step of a route's path, as the trie keys it.
    enum Key: Sendable {
        case literal(String)
        case parameter(typeName: String, kind: ParameterKind)
        case rest
    }

    private(set) var nodes: [Node] = [Node()]
    /// How each node is reached from its parent, for messages; kept apart so nodes stay
    /// small, and turned into a shape (`/settings/{Int}`) only when a message needs one.
    private(set) var steps: [Step] = [Step(parent: -1, text: "")]

    /// The edge into a node: a literal's text, or a parameter written as in a shape (`{Int}`).
    struct Step: Sendable {
        var parent: Int
        var text: String
    }

    /// Where `node` is, for messages: `/settings/{Int}`, `/` for the root.
    func shape(_ node: Int) -> String {
        var parts: [String] = []
        var current = node
        while current > 0 {
            parts.append(steps[current].text)
            current = steps[current].parent
        }
        return "/" + parts.reversed().joined(separator: "/")
    }

    /// Adds a route's path and returns the node it ends at.
    mutating func insert(_ keys: [Key]) -> Int {
        var current = 0
        for key in keys {
            switch key {
            case .literal(let text):
                if let next = nodes[current].literal(text) {
                    current = next
                } else {
                    let next = addNode(parent: current, text)
                    nodes[current].addLiteral(text, child: next)
                    current = next
                }
            case .parameter(let typeName, let kind):
                if kind == .string {
                    if let next = nodes[current].string {
                        current = next
                    } else {
                        let next = addNode(parent: current, "{String}")
                        nodes[current].string = next
                        current = next
                    }
                } else if let existing = nodes[current].typed.first(where: { $0.typeName == typeName }) {
                    current = existing.child
                } else {
                    let next = addNode(parent: current, "{\(typeName)}")
                    nodes[current].typed.append((typeName: typeName, kind: kind, child: next))
                    current = next
                }
            case .rest:
                if let next = nodes[current].rest {
                    current = next
                } else {
                    let next = addNode(parent: current, "{rest...}")
                    nodes[current].rest = next
                    current = next
                }
            }
        }
        return current
    }

    private mutating func addNode(parent: Int, _ text: String) -> Int {
        nodes.append(Node())
        steps.append(Step(parent: parent, text: text))
        return nodes.count - 1
    }

    mutating func setTerminals(_ routes: [Int], at node: Int) {
        nodes[node].terminals = routes
    }

    /// Every route ending in the subtree under `node`, with the shape of the rest of its
    /// path relative to `node`, for finding sibling parameters that overlap.
    func terminalShapes(under node: Int, prefix: String = "", into out: inout [(route: Int, shape: String)], limit: Int = 10_000) {
        guard out.count < limit else { return }
        for route in nodes[node].terminals { out.append((route: route, shape: prefix)) }
        for (text, child) in nodes[node].literalChildren { terminalShapes(under: child, prefix: prefix + "/" + text, into: &out, limit: limit) }
        for entry in nodes[node].typed { terminalShapes(under: entry.child, prefix: prefix + "/{\(entry.typeName)}", into: &out, limit: limit) }
        if let child = nodes[node].string { terminalShapes(under: child, prefix: prefix + "/{String}", into: &out, limit: limit) }
        if let child = nodes[node].rest { terminalShapes(under: child, prefix: prefix + "/{rest...}", into: &out, limit: limit) }
    }
}
