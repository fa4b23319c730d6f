extension ResolveIndex {
    /// Lays out the trie and the routes (see `ResolveIndex` for the layout).
    ///
    /// Nil when a count does not fit the layout (more than 65,535 typed children or terminals
    /// at one node, a literal longer than 65,535 bytes, an arena over 4 GB): the table then
    /// resolves every link on the general path.
    init?(trie: RouteTrie, routes: [Route], schemes: [String], hosts: [String]) {
        var builder = Builder(trie: trie, routes: routes)
        guard builder.build() else { return nil }
        arena = builder.arena
        literals = builder.literals
        kinds = builder.kinds
        self.schemes = schemes
        self.hosts = hosts
    }

    private struct Builder {
        let trie: RouteTrie
        let routes: [Route]
        var arena: [UInt8] = []
        var literals: LiteralHashTable
        var kinds: [ParameterKind] = []
        var kindIndices: [String: Int] = [:]

        /// A node waiting to be written, and where its offset goes once known.
        struct Pending {
            var node: Int
            var label: String
            /// The arena position of the parent's u32 slot for this child.
            var patch: Int?
            /// For a hashed literal child: the parent's offset, the key's other half.
            var hashedParent: Int?
        }

        init(trie: RouteTrie, routes: [Route]) {
            self.trie = trie
            self.routes = routes
            let hashed = trie.nodes.reduce(0) { $0 + $1.manyLiterals.count }
            literals = LiteralHashTable(minimumCapacity: hashed * 2)
            arena.reserveCapacity(trie.nodes.count * 40 + routes.count * 80)
        }

        mutating func build() -> Bool {
            // Depth first with an explicit stack (paths may be deep); a subtree's nodes and
            // route records end up next to each other.
            var stack = [Pending(node: 0, label: "", patch: nil, hashedParent: nil)]
            while let pending = stack.popLast() {
                guard let children = write(pending) else { return false }
                stack.append(contentsOf: children.reversed())
            }
            return arena.count < Int(UInt32.max)
        }

        /// Writes one node and its routes' records; returns its children, in visiting order.
        private mutating func write(_ pending: Pending) -> [Pending]? {
            let offset = arena.count
            guard offset < Int(UInt32.max) else { return nil }
            if let patch = pending.patch { setU32(offset, at: patch) }
            let label = Array(pending.label.utf8)
            if let parent = pending.hashedParent {
                let hash = label.withUnsafeBytes { LiteralHashTable.hash(parent: UInt32(parent), $0) }
                literals.insert(hash: hash, parent: UInt32(parent), child: UInt32(offset))
            }
            let node = trie.nodes[pending.node]
            let hashed = !node.manyLiterals.isEmpty
            let literalChildren = node.literalChildren
            guard node.typed.count <= Int(UInt16.max), node.terminals.count <= Int(UInt16.max),
                  literalChildren.count <= Int(UInt16.max), label.count <= Int(UInt16.max) else { return nil }
            var flags: UInt16 = hashed ? NodeFlag.hashedLiterals : 0
            if literalChildren.contains(where: { $0.text.utf8.contains { $0 >= 0x80 } }) { flags |= NodeFlag.nonASCIILiteral }
            appendU16(Int(flags))
            appendU16(hashed ? 0 : literalChildren.count)
            appendU16(node.typed.count)
            appendU16(node.terminals.count)
            var children: [Pending] = []
            let stringSlot = arena.count
            appendU32(Int(ResolveIndex.none))
            let restSlot = arena.count
            appendU32(Int(ResolveIndex.none))
            appendU16(label.count)
            arena.append(contentsOf: label)
            var typedChildren: [Pending] = []
            for entry in node.typed {
                appendU32(kindIndex(entry.typeName, entry.kind))
                typedChildren.append(Pending(node: entry.child, label: "", patch: arena.count, hashedParent: nil))
                appendU32(Int(ResolveIndex.none))
            }
            let terminalSlots = arena.count
            for _ in node.terminals { appendU32(Int(ResolveIndex.none)) }
            for entry in literalChildren {
                if hashed {
                    children.append(Pending(node: entry.child, label: entry.text, patch: nil, hashedParent: offset))
                } else {
                    guard entry.text.utf8.count <= Int(UInt16.max) else { return nil }
                    children.append(Pending(node: entry.child, label: entry.text, patch: arena.count, hashedParent: nil))
                    appendU32(Int(ResolveIndex.none))
                    appendU16(entry.text.utf8.count)
                    arena.append(contentsOf: entry.text.utf8)
                }
            }
            for (position, route) in node.terminals.enumerated() {
                setU32(arena.count, at: terminalSlots + 4 * position)
                guard writeRecord(routes[route]) else { return nil }
            }
            // Visiting order is matching order; any order would do, this one keeps likely
            // next nodes closest.
            children += typedChildren
            if let string = node.string { children.append(Pending(node: string, label: "", patch: stringSlot, hashedParent: nil)) }
            if let rest = node.rest { children.append(Pending(node: rest, label: "", patch: restSlot, hashedParent: nil)) }
            return children
        }

        private mutating func writeRecord(_ route: Route) -> Bool {
            guard route.parameters.count <= Int(UInt16.max), route.segments.count <= Int(UInt16.max) else { return false }
            let record = arena.count
            appendU16(route.query.isEmpty ? 0 : Int(RouteFlag.hasQuery))
            appendU16(route.parameters.count)
            appendU32(0)
            for (index, parameter) in route.parameters.enumerated() {
                var position = Int(UInt16.max)
                var isRest = false
                for (offset, segment) in route.segments.enumerated() {
                    if case .parameter(index) = segment { position = offset; break }
                    if case .rest(index) = segment { position = offset; isRest = true; break }
                }
                appendU32(kindIndex(parameter.typeName, parameter.kind))
                appendU16(position)
                appendU16(isRest ? 1 : 0)
            }
            var program = Program()
            program.bytes([UInt8(ascii: "[")])
            // Top (last pushed) first, as `NavigationPathEncoding.append` writes it.
            for (offset, element) in route.stack.reversed().enumerated() {
                if offset > 0 { program.bytes([UInt8(ascii: ",")]) }
                if let constant = element.constantFragment {
                    program.bytes(constant)
                    continue
                }
                program.bytes(element.tagPrefix)
                for chunk in element.itemChunks {
                    switch chunk {
                    case .bytes(let bytes): program.bytes(bytes)
                    case .parameter(let index):
                        guard index >= 0, index <= Int(UInt16.max) else { return false }
                        program.parameter(index)
                    }
                }
                program.bytes([UInt8(ascii: "\"")])
            }
            program.bytes([UInt8(ascii: "]")])
            program.flush()
            program.code.append(Op.end)
            arena.append(contentsOf: program.code)
            setU32(program.constantBytes, at: record + 4)
            return true
        }

        /// A route's output program, byte runs merged.
        private struct Program {
            var code: [UInt8] = []
            var pending: [UInt8] = []
            var constantBytes = 0

            mutating func bytes(_ new: [UInt8]) {
                pending += new
                constantBytes += new.count
            }

            mutating func parameter(_ index: Int) {
                flush()
                code.append(Op.parameter)
                code.append(UInt8(truncatingIfNeeded: index))
                code.append(UInt8(truncatingIfNeeded: index >> 8))
            }

            mutating func flush() {
                var start = 0
                while start < pending.count {
                    let length = min(pending.count - start, Int(UInt16.max))
                    code.append(Op.bytes)
                    code.append(UInt8(truncatingIfNeeded: length))
                    code.append(UInt8(truncatingIfNeeded: length >> 8))
                    code += pending[start..<(start + length)]
                    start += length
                }
                pending.removeAll(keepingCapacity: true)
            }
        }

        private mutating func kindIndex(_ typeName: String, _ kind: ParameterKind) -> Int {
            if let index = kindIndices[typeName] { return index }
            kinds.append(kind)
            kindIndices[typeName] = kinds.count - 1
            return kinds.count - 1
        }

        private mutating func appendU16(_ value: Int) {
            arena.append(UInt8(truncatingIfNeeded: value))
            arena.append(UInt8(truncatingIfNeeded: value >> 8))
        }

        private mutating func appendU32(_ value: Int) {
            for shift in stride(from: 0, to: 32, by: 8) { arena.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }

        private mutating func setU32(_ value: Int, at position: Int) {
            for (offset, shift) in stride(from: 0, to: 32, by: 8).enumerated() {
                arena[position + offset] = UInt8(truncatingIfNeeded: value >> shift)
            }
        }
    }
}
