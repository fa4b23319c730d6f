extension ResolveIndex {
    /// Lays out the trie and the routes (see `ResolveIndex` for the layout).
    ///
    /// Nil when the arena would pass 4 GB, the most a u32 offset reaches (the loader reports
    /// that route file as too large).
    init?(trie: RouteTrie, routes: [Route], schemes: [String], hosts: [String]) {
        var builder = Builder(trie: trie, routes: routes, templates: ResolveTemplate.Builder(schemes: schemes, hosts: hosts))
        guard let rootRecord = builder.build() else { return nil }
        arena = builder.arena
        self.rootRecord = rootRecord
        literals = builder.literals
        kinds = builder.kinds
        kindTypeNames = builder.kindTypeNames
        enumTexts = builder.kinds.map(EnumRawTexts.init)
        self.schemes = schemes
        self.hosts = hosts
    }

    private struct Builder {
        let trie: RouteTrie
        let routes: [Route]
        var arena: [UInt8] = []
        var literals: LiteralHashTable
        var kinds: [ParameterKind] = []
        var kindTypeNames: [String] = []
        var kindIndices: [String: Int] = [:]
        /// Writes each route's template after its record.
        var templates: ResolveTemplate.Builder

        /// A node waiting to be written, and where its offset goes once known.
        struct Pending {
            var node: Int
            var label: String
            /// The arena position of the parent's u32 slot for this child.
            var patch: Int?
            /// For a hashed literal child: the parent's offset, the key's other half.
            var hashedParent: Int?
        }

        init(trie: RouteTrie, routes: [Route], templates: ResolveTemplate.Builder) {
            self.trie = trie
            self.routes = routes
            self.templates = templates
            let hashed = trie.nodes.reduce(0) { $0 + $1.manyLiterals.count }
            literals = LiteralHashTable(minimumCapacity: hashed * 2)
            // A route's record and template take some 300 to 600 bytes (less the more runs it
            // shares with earlier routes): reserved once, so that a large table's arena is
            // not copied as it grows (the copy was the load's peak memory).
            arena.reserveCapacity(trie.nodes.count * 40 + routes.count * 400)
        }

        /// Lays out every node and route record, then the root link's record; its offset, or
        /// nil when the arena passes what a u32 offset reaches.
        mutating func build() -> Int? {
            // Depth first with an explicit stack (paths may be deep); a subtree's nodes and
            // route records end up next to each other.
            var stack = [Pending(node: 0, label: "", patch: nil, hashedParent: nil)]
            while let pending = stack.popLast() {
                guard write(pending, pushingChildrenOnto: &stack) else { return nil }
            }
            // The root link's record: no flags, no parameters, no route.
            let rootRecord = arena.count
            appendU32(0)
            appendU32(0)
            appendU32(Int(ResolveIndex.none))
            templates.appendRoot(to: &arena)
            return arena.count < Int(UInt32.max) ? rootRecord : nil
        }

        /// Writes one node and its routes' records, and pushes its children so that they pop
        /// in matching order (any order would do; this one keeps likely next nodes closest).
        private mutating func write(_ pending: Pending, pushingChildrenOnto stack: inout [Pending]) -> Bool {
            let offset = arena.count
            guard offset < Int(UInt32.max) else { return false }
            if let patch = pending.patch { setU32(offset, at: patch) }
            let node = trie.nodes[pending.node]
            let hashed = !node.manyLiterals.isEmpty
            let literalChildren = node.literalChildren
            var flags = hashed ? NodeFlag.hashedLiterals : 0
            if literalChildren.contains(where: { $0.text.utf8.contains { $0 >= 0x80 } }) { flags |= NodeFlag.nonASCIILiteral }
            appendU32(flags)
            appendU32(hashed ? 0 : literalChildren.count)
            appendU32(node.typed.count)
            appendU32(node.terminals.count)
            let stringSlot = arena.count
            appendU32(Int(ResolveIndex.none))
            let restSlot = arena.count
            appendU32(Int(ResolveIndex.none))
            appendU32(pending.label.utf8.count)
            let labelStart = arena.count
            arena.append(contentsOf: pending.label.utf8)
            if let parent = pending.hashedParent {
                let hash = arena.withUnsafeBytes {
                    LiteralHashTable.hash(parent: UInt32(parent), UnsafeRawBufferPointer(rebasing: $0[labelStart..<arena.count]))
                }
                literals.insert(hash: hash, parent: UInt32(parent), child: UInt32(offset))
            }
            let firstChild = stack.count
            if hashed {
                for entry in literalChildren {
                    stack.append(Pending(node: entry.child, label: entry.text, patch: nil, hashedParent: offset))
                }
            }
            var typedSlot = arena.count
            for entry in node.typed {
                appendU32(kindIndex(entry.typeName, entry.kind))
                appendU32(Int(ResolveIndex.none))
            }
            let terminalSlots = arena.count
            for _ in node.terminals { appendU32(Int(ResolveIndex.none)) }
            if !hashed {
                for entry in literalChildren {
                    stack.append(Pending(node: entry.child, label: entry.text, patch: arena.count, hashedParent: nil))
                    appendU32(Int(ResolveIndex.none))
                    appendU32(entry.text.utf8.count)
                    arena.append(contentsOf: entry.text.utf8)
                }
            }
            for entry in node.typed {
                stack.append(Pending(node: entry.child, label: "", patch: typedSlot + 4, hashedParent: nil))
                typedSlot += 8
            }
            if let string = node.string { stack.append(Pending(node: string, label: "", patch: stringSlot, hashedParent: nil)) }
            if let rest = node.rest { stack.append(Pending(node: rest, label: "", patch: restSlot, hashedParent: nil)) }
            stack[firstChild...].reverse()
            for (position, route) in node.terminals.enumerated() {
                setU32(arena.count, at: terminalSlots + 4 * position)
                writeRecord(routes[route], index: route)
            }
            return true
        }

        /// A route's record and its template.
        private mutating func writeRecord(_ route: Route, index routeIndex: Int) {
            appendU32(route.query.isEmpty ? 0 : RouteFlag.hasQuery)
            appendU32(route.parameters.count)
            appendU32(routeIndex)
            for (index, parameter) in route.parameters.enumerated() {
                var position = Int(ResolveIndex.none)
                var form = switch parameter.kind {
                case .string, .stringEnum: ValueForm.text
                case .int, .intEnum: ValueForm.digits
                case .bool: ValueForm.bool
                case .double, .uuid: ValueForm.normalised
                }
                for (offset, segment) in route.segments.enumerated() {
                    if case .parameter(index) = segment { position = offset; break }
                    if case .rest(index) = segment { position = offset; form = ValueForm.rest; break }
                }
                appendU32(kindIndex(parameter.typeName, parameter.kind))
                appendU32(position)
                appendU32(form)
            }
            templates.append(route, canonical: routes[route.aliasOf ?? routeIndex], to: &arena)
        }

        private mutating func kindIndex(_ typeName: String, _ kind: ParameterKind) -> Int {
            if let index = kindIndices[typeName] { return index }
            kinds.append(kind)
            kindTypeNames.append(typeName)
            kindIndices[typeName] = kinds.count - 1
            return kinds.count - 1
        }

        private mutating func appendU32(_ value: Int) { arena.appendU32(value) }

        private mutating func setU32(_ value: Int, at position: Int) { arena.setU32(value, at: position) }
    }
}
