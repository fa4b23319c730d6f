import SceneLinkText

extension ResolveTemplate {
    /// Writes each route's template: each format's constant bytes and holes.
    struct Builder {
        let schemes: [String]
        let hosts: [String]
        /// The template's offsets and programs being written; the offsets in its fields are
        /// from the template's start.
        private var program: [UInt8] = []
        /// The template's runs, back to back, and for each, where its `constant` op's arena
        /// offset goes in `program` (set once the template is written).
        private var runs: [UInt8] = []
        private var runFields: [(field: Int, start: Int, end: Int)] = []
        /// The runs no earlier template has, written after the programs.
        private var newRuns: [UInt8] = []
        private var newRunKeys: [(hash: UInt32, length: Int, offset: Int)] = []
        /// Every run in the arena, in a `LiteralHashTable` as literals are: (the hash of its
        /// bytes, its length) to its arena offset; a lookup compares the bytes, so a collision
        /// only costs a copy.
        private var runTable = LiteralHashTable(minimumCapacity: 1024)
        /// The constant run being written.
        var bytes: [UInt8] = []
        /// The constant bytes of the program being written.
        private var constantCount = 0
        /// Whether the canonical path has been written once (the second link copies it).
        private var pathWritten = false

        init(schemes: [String], hosts: [String]) {
            self.schemes = schemes
            self.hosts = hosts
        }

        /// Appends the template of `route`'s answers to `arena`; its canonical links are
        /// printed with `canonical`'s pattern (the route itself, or the one an alias stands for).
        mutating func append(_ route: Route, canonical: Route, to arena: inout [UInt8]) {
            start()
            format(Field.navigationPath) { $0.writeNavigationPath(route.stack) }
            format(Field.elements) { $0.writeElements(route.stack) }
            let firstType = route.stack.first?.typeName
            if route.stack.contains(where: { $0.typeName != firstType }) {
                program.setU32(Int(ResolveIndex.none), at: Field.array)
            } else {
                format(Field.array) { $0.writeArray(route.stack) }
            }
            format(Field.document) { $0.writeDocument(route, canonical: canonical) }
            finish(to: &arena)
        }

        /// Appends the template of the root link's answers (the empty stack) to `arena`.
        mutating func appendRoot(to arena: inout [UInt8]) {
            start()
            // The empty stack is `[]` in every format but the document.
            format(Field.navigationPath) { $0.bytes.appendStatic("[]") }
            program.setU32(Field.size, at: Field.elements)
            program.setU32(Field.size, at: Field.array)
            format(Field.document) { $0.writeRootDocument() }
            finish(to: &arena)
        }

        /// Empties the buffers for the next template and leaves room for its offsets.
        private mutating func start() {
            program.removeAll(keepingCapacity: true)
            runs.removeAll(keepingCapacity: true)
            runFields.removeAll(keepingCapacity: true)
            program.append(contentsOf: repeatElement(0, count: Field.size))
        }

        /// Appends the programs, then the runs no earlier template has.
        private mutating func finish(to arena: inout [UInt8]) {
            placeRuns(after: arena.count + program.count, in: arena)
            arena.append(contentsOf: program)
            arena.append(contentsOf: newRuns)
            for run in newRunKeys where run.offset < Int(LiteralHashTable.Slot.emptyChild)
                && sharedRun(hash: run.hash, run.offset ..< run.offset + run.length, of: arena, in: arena) == nil {
                runTable.insert(hash: run.hash, parent: UInt32(truncatingIfNeeded: run.length), child: UInt32(run.offset))
            }
        }

        /// The arena offset of a run already in `arena` with the bytes of `bytes[range]`.
        private func sharedRun(hash: UInt32, _ range: Range<Int>, of bytes: [UInt8], in arena: [UInt8]) -> Int? {
            bytes.withUnsafeBytes { bytes in
                arena.withUnsafeBytes { arena in
                    let run = UnsafeRawBufferPointer(rebasing: bytes[range])
                    let found = runTable.find(hash: hash, parent: UInt32(truncatingIfNeeded: run.count)) { offset in
                        let start = Int(offset)
                        return start + run.count <= arena.count
                            && Self.equal(run, UnsafeRawBufferPointer(rebasing: arena[start ..< start + run.count]))
                    }
                    return found.map(Int.init)
                }
            }
        }

        /// Points each `constant` op at a copy of its run already in `arena`, or at a copy in
        /// `newRuns`, which will start at `start`.
        private mutating func placeRuns(after start: Int, in arena: [UInt8]) {
            newRuns.removeAll(keepingCapacity: true)
            newRunKeys.removeAll(keepingCapacity: true)
            for run in runFields {
                let hash = runs.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[run.start ..< run.end])) }
                if let shared = sharedRun(hash: hash, run.start ..< run.end, of: runs, in: arena) {
                    program.setU32(shared, at: run.field)
                } else {
                    program.setU32(start + newRuns.count, at: run.field)
                    newRunKeys.append((hash: hash, length: run.end - run.start, offset: start + newRuns.count))
                    newRuns.append(contentsOf: runs[run.start ..< run.end])
                }
            }
        }

        /// Writes the program `write` makes and puts its offset in the template's `field`.
        private mutating func format(_ field: Int, _ write: (inout Builder) -> Void) {
            program.setU32(program.count, at: field)
            let countField = program.count
            program.appendU32(0)
            constantCount = 0
            pathWritten = false
            write(&self)
            closeRun()
            program.append(Op.end.rawValue)
            program.setU32(constantCount, at: countField)
        }

        /// Ends the constant run being written and writes a hole (any piece but `constant`).
        mutating func hole(_ piece: Piece) {
            closeRun()
            switch piece {
            case .constant: break  // Runs are written by `closeRun`.
            case .value(let index): op(.value, index)
            case .encodedValue(let index): op(.encodedValue, index)
            case .nested(let index): op(.nested, index)
            case .segment(let index): op(.segment, index)
            case .printedPath: op(.printedPath)
            case .pathStart: op(.pathStart)
            case .pathEnd: op(.pathEnd)
            case .pathAgain: op(.pathAgain)
            }
        }

        private mutating func op(_ op: Op, _ index: Int? = nil) {
            program.append(op.rawValue)
            if let index { program.appendU32(index) }
        }

        /// A hash of a run's bytes, eight at a time (multiply and rotate, as FxHash does, then
        /// the product's high half, where every byte counts): several times cheaper than a
        /// seeded `Hasher` or byte-wise FNV-1a, and collisions are checked anyway.
        private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
            var hash = UInt64(bytes.count)
            func mix(_ word: UInt64) { hash = (((hash << 5) | (hash >> 59)) ^ word) &* 0x517c_c1b7_2722_0a95 }
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            for byte in bytes[offset...].reversed() { tail = tail << 8 | UInt64(byte) }
            mix(tail)
            return UInt32(truncatingIfNeeded: hash >> 32)
        }

        /// Whether two runs of the same length have the same bytes, compared eight at a time.
        private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset + 8 <= a.count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                    return false
                }
                offset += 8
            }
            while offset < a.count {
                if a[offset] != b[offset] { return false }
                offset += 1
            }
            return true
        }

        private mutating func closeRun() {
            guard !bytes.isEmpty else { return }
            program.append(Op.constant.rawValue)
            runFields.append((field: program.count, start: runs.count, end: runs.count + bytes.count))
            program.appendU32(0)  // The run's arena offset: `placeRuns`.
            program.appendU32(bytes.count)
            runs.append(contentsOf: bytes)
            constantCount += bytes.count
            bytes.removeAll(keepingCapacity: true)
        }

        /// The document's members after `link`: `route`, `parameters` (an object, keys sorted),
        /// `elements`, `navigationPath` (the CodableRepresentation array itself, not a string),
        /// `selection` (an element or null), `canonical` (`https` and `scheme`, printed with
        /// `canonical`'s pattern).
        mutating func writeDocument(_ route: Route, canonical: Route) {
            bytes.appendStatic(",\"route\":")
            JSONWriter.appendString(route.name, to: &bytes, escapingSlashes: false)
            bytes.appendStatic(",\"parameters\":")
            let names = route.parameters.map(\.name)
            writeObject(keys: names, escapingSlashes: false) { builder, index in builder.hole(.value(index)) }
            bytes.appendStatic(",\"elements\":")
            writeElements(route.stack)
            bytes.appendStatic(",\"navigationPath\":")
            writeNavigationPath(route.stack)
            bytes.appendStatic(",\"selection\":")
            if let selection = route.selection { write(element: selection) } else { bytes.appendStatic("null") }
            bytes.appendStatic(",\"canonical\":{\"https\":")
            writeLink(start: "https://", name: hosts.first, end: "/", route: canonical)
            bytes.appendStatic(",\"scheme\":")
            writeLink(start: "", name: schemes.first, end: "://", route: canonical)
            bytes.appendStatic("}}")
        }

        /// The root link's document: no route, the empty stack, the bare canonical links.
        mutating func writeRootDocument() {
            bytes.appendStatic(",\"route\":null,\"parameters\":{},\"elements\":[],\"navigationPath\":[],\"selection\":null")
            bytes.appendStatic(",\"canonical\":{\"https\":")
            writeLinkStart("https://", name: hosts.first, end: "/", closed: true)
            bytes.appendStatic(",\"scheme\":")
            writeLinkStart("", name: schemes.first, end: "://", closed: true)
            bytes.appendStatic("}}")
        }

        /// `[tag, item, ...]` with the top (last pushed) element first; each item is its
        /// compact `JSONEncoder` text as a string.
        mutating func writeNavigationPath(_ stack: [ElementTemplate]) {
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in stack.reversed().enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                writeFragment(element)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// `[{"type":...,"tag":...,"value":...}]` in push order.
        mutating func writeElements(_ stack: [ElementTemplate]) {
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in stack.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element: element)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// The items in push order (`[1,2]`), as `JSONEncoder` writes `[T]`: slashes escaped.
        mutating func writeArray(_ stack: [ElementTemplate]) {
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in stack.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(value: element.value, escapingSlashes: true)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// `{"key":value,...}` with keys sorted as `JSONWriter.appendObject` sorts them.
        private mutating func writeObject(keys: [String], escapingSlashes: Bool, value: (inout Builder, Int) -> Void) {
            bytes.append(UInt8(ascii: "{"))
            for (offset, index) in JSONWriter.keyOrder(count: keys.count, key: { keys[$0] }).enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONWriter.appendString(keys[index], to: &bytes, escapingSlashes: escapingSlashes)
                bytes.append(UInt8(ascii: ":"))
                value(&self, index)
            }
            bytes.append(UInt8(ascii: "}"))
        }

        /// `{"type":...,"tag":...,"value":...}`, members in that order.
        private mutating func write(element: ElementTemplate) {
            bytes.appendStatic("{\"type\":")
            JSONWriter.appendString(element.typeName, to: &bytes, escapingSlashes: false)
            bytes.appendStatic(",\"tag\":")
            JSONWriter.appendString(element.tag, to: &bytes, escapingSlashes: false)
            bytes.appendStatic(",\"value\":")
            write(value: element.value, escapingSlashes: false)
            bytes.append(UInt8(ascii: "}"))
        }

        /// An element's value as `JSONWriter.append` writes `ValueTemplate.render`'s result.
        private mutating func write(value: ValueTemplate, escapingSlashes: Bool) {
            switch value {
            case .constant(let item):
                JSONWriter.append(item, to: &bytes, escapingSlashes: escapingSlashes)
            case .parameter(let index):
                hole(escapingSlashes ? .encodedValue(index) : .value(index))
            case .object(let members):
                writeObject(keys: members.map(\.key), escapingSlashes: escapingSlashes) { builder, index in
                    builder.write(value: members[index].value, escapingSlashes: escapingSlashes)
                }
            }
        }

        /// `"tag","item"`, the item's text escaped once more.
        private mutating func writeFragment(_ element: ElementTemplate) {
            JSONWriter.appendString(element.tag, to: &bytes, escapingSlashes: true)
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            if case .constant(let item) = element.value {
                JSONWriter.appendEscaped(JSONWriter.encode(item), to: &bytes, escapingSlashes: true)
            } else {
                writeNested(element.value)
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// An item that depends on parameters as it appears inside the CodableRepresentation's
        /// string: constant parts escaped once more, a hole for each parameter.
        private mutating func writeNested(_ template: ValueTemplate) {
            switch template {
            case .constant(let item):
                JSONWriter.appendNested(item, to: &bytes)
            case .parameter(let index):
                hole(.nested(index))
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                for (offset, member) in members.enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONWriter.appendNested(.string(member.key), to: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    writeNested(member.value)
                }
                bytes.append(UInt8(ascii: "}"))
            }
        }

        /// A canonical link's opening quote, `start` and the escaped `name` and `end`, closed
        /// with a quote if `closed`; `null` without a name. False for `null`.
        @discardableResult
        private mutating func writeLinkStart(_ start: StaticString, name: String?, end: StaticString, closed: Bool) -> Bool {
            guard let name else {
                bytes.appendStatic("null")
                return false
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.appendStatic(start)
            JSONWriter.appendEscaped(name.utf8, to: &bytes, escapingSlashes: false)
            bytes.appendStatic(end)
            if closed { bytes.append(UInt8(ascii: "\"")) }
            return true
        }

        /// `"start+name+end+path"`, or `null` without a name.
        private mutating func writeLink(start: StaticString, name: String?, end: StaticString, route: Route) {
            guard writeLinkStart(start, name: name, end: end, closed: false) else { return }
            let segments = route.segments
            let printed = !route.query.isEmpty || segments.contains { if case .rest = $0 { true } else { false } }
            let hasHoles = printed || segments.contains { if case .literal = $0 { false } else { true } }
            if hasHoles && pathWritten {
                hole(.pathAgain)
            } else if printed {
                hole(.pathStart)
                hole(.printedPath)
                hole(.pathEnd)
                pathWritten = true
            } else {
                if hasHoles { hole(.pathStart) }
                for (offset, segment) in segments.enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: "/")) }
                    switch segment {
                    case .literal(let literal):
                        JSONWriter.appendEscaped(LinkPrinter.encodeSegment(literal).utf8, to: &bytes, escapingSlashes: false)
                    case .parameter(let index):
                        hole(.segment(index))
                    case .rest:
                        break  // `printed` above.
                    }
                }
                if hasHoles {
                    hole(.pathEnd)
                    pathWritten = true
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
