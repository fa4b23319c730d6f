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
                guard write(pending, pushingChildrenOnto: &stack) else { return false }
            }
            return arena.count < Int(UInt32.max)
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
            let labelCount = pending.label.utf8.count
            guard node.typed.count <= Int(UInt16.max), node.terminals.count <= Int(UInt16.max),
                  literalChildren.count <= Int(UInt16.max), labelCount <= Int(UInt16.max) else { return false }
            var flags: UInt16 = hashed ? NodeFlag.hashedLiterals : 0
            if literalChildren.contains(where: { $0.text.utf8.contains { $0 >= 0x80 } }) { flags |= NodeFlag.nonASCIILiteral }
            appendU16(Int(flags))
            appendU16(hashed ? 0 : literalChildren.count)
            appendU16(node.typed.count)
            appendU16(node.terminals.count)
            let stringSlot = arena.count
            appendU32(Int(ResolveIndex.none))
            let restSlot = arena.count
            appendU32(Int(ResolveIndex.none))
            appendU16(labelCount)
            let labelStart = arena.count
            arena.append(contentsOf: pending.label.utf8)
            if let parent = pending.hashedParent {
                let hash = arena.withUnsafeBytes {
                    LiteralHashTable.hash(parent: UInt32(parent), UnsafeRawBufferPointer(rebasing: $0[labelStart..<arena.count]))
                }
                literals.insert(hash: hash, parent: UInt32(parent), child: UInt32(offset))
            }
            let firstChild = stack.count
            for entry in literalChildren {
                if hashed {
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
                    guard entry.text.utf8.count <= Int(UInt16.max) else { return false }
                    stack.append(Pending(node: entry.child, label: entry.text, patch: arena.count, hashedParent: nil))
                    appendU32(Int(ResolveIndex.none))
                    appendU16(entry.text.utf8.count)
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
                guard writeRecord(routes[route], index: route) else { return false }
            }
            return true
        }

        private mutating func writeRecord(_ route: Route, index routeIndex: Int) -> Bool {
            guard route.parameters.count <= Int(UInt16.max), route.segments.count <= Int(UInt16.max),
                  routeIndex < Int(ResolveIndex.none) else { return false }
            let record = arena.count
            appendU16(route.query.isEmpty ? 0 : Int(RouteFlag.hasQuery))
            appendU16(route.parameters.count)
            appendU32(0)
            appendU32(routeIndex)
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
            program.bytes(CollectionOfOne(UInt8(ascii: "[")), into: &arena)
            // Top (last pushed) first, as `NavigationPathEncoding.append` writes it.
            var element = route.stack.count - 1
            while element >= 0 {
                if element < route.stack.count - 1 { program.bytes(CollectionOfOne(UInt8(ascii: ",")), into: &arena) }
                if let constant = route.stack[element].constantFragment {
                    program.bytes(constant, into: &arena)
                } else {
                    program.bytes(route.stack[element].tagPrefix, into: &arena)
                    for chunk in route.stack[element].itemChunks {
                        switch chunk {
                        case .bytes(let bytes): program.bytes(bytes, into: &arena)
                        case .parameter(let index):
                            guard index >= 0, index <= Int(UInt16.max) else { return false }
                            program.parameter(index, into: &arena)
                        }
                    }
                    program.bytes(CollectionOfOne(UInt8(ascii: "\"")), into: &arena)
                }
                element -= 1
            }
            program.bytes(CollectionOfOne(UInt8(ascii: "]")), into: &arena)
            program.close(&arena)
            arena.append(Op.end)
            setU32(program.constantBytes, at: record + 4)
            return true
        }

        /// Writes a route's output program into the arena, merging byte runs.
        private struct Program {
            /// Where the open run's u16 length is, if a run is open.
            var openRun: Int?
            var runLength = 0
            var constantBytes = 0

            mutating func bytes<C: Collection>(_ new: C, into arena: inout [UInt8]) where C.Element == UInt8 {
                constantBytes += new.count
                var rest = new[...]
                while !rest.isEmpty {
                    if openRun == nil || runLength == Int(UInt16.max) {
                        close(&arena)
                        arena.append(Op.bytes)
                        openRun = arena.count
                        arena.append(0)
                        arena.append(0)
                    }
                    let piece = rest.prefix(Int(UInt16.max) - runLength)
                    arena.append(contentsOf: piece)
                    runLength += piece.count
                    rest = rest[piece.endIndex...]
                }
            }

            mutating func parameter(_ index: Int, into arena: inout [UInt8]) {
                close(&arena)
                arena.append(Op.parameter)
                arena.append(UInt8(truncatingIfNeeded: index))
                arena.append(UInt8(truncatingIfNeeded: index >> 8))
            }

            mutating func close(_ arena: inout [UInt8]) {
                if let openRun {
                    arena[openRun] = UInt8(truncatingIfNeeded: runLength)
                    arena[openRun + 1] = UInt8(truncatingIfNeeded: runLength >> 8)
                }
                openRun = nil
                runLength = 0
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
