import SceneLinkText

/// One route's resolve answers in every `ResolveFormat`, laid out in `ResolveIndex`'s arena
/// right after the route's record: the one writer of resolve output.
///
/// Each format is constant bytes, written when the table is built, with holes for the
/// parameter values. The holes are the ways a value appears: as JSON (`parameters`,
/// `elements`, and with slashes escaped, a typed array), as JSON inside a JSON string (a
/// CodableRepresentation item), and as a path segment of the canonical links (the path is
/// written once and copied into the second link). A route whose canonical path has a
/// `{rest...}` segment or query items (which print only when they differ from their defaults)
/// has one hole for the whole printed path. A route without parameters is one constant run.
///
/// The values are the ones matching gave for this route (`MatchedRoute.value`): each is then
/// already a value of its parameter's kind (`ParameterKind.item(fromSegment:)`), whose link
/// text is its own text, so the template prints it without checking it against the kind
/// again, and most are written from the link's bytes without a `JSONValue`.
///
/// Layout (offsets in bytes from the template's start, u32 little-endian, read unaligned):
/// ```
/// 0   navigationPath program
/// 4   elements program
/// 8   typed-array program, `none` when the stack holds several types
/// 12  document program (after its `"link"` member: `,"route":…}`)
/// ```
/// A program is the count of its constant bytes (to reserve the answer's capacity once), then
/// `Op`s: `constant` with the u32 arena offset and u32 length of a run, a hole for a value
/// with the u32 index of the route's parameter, the other holes alone, and `end`. The
/// template's programs come first (the record, the offsets and the navigationPath program
/// share cache lines), then the runs no earlier template has: a run that one has (an
/// element's type and tag, the text between the canonical links) is read where it already
/// is, so the runs most routes share are written once and stay in cache.
struct ResolveTemplate {
    /// The route whose record the template follows, and whose values fill the holes.
    let matched: MatchedRoute

    /// A run of constant bytes, or a hole for the route's parameter at an index: a program's
    /// `Op`s as `pieces(_:)` reads them back.
    enum Piece: Equatable {
        /// Arena offsets of the run.
        case constant(start: Int, end: Int)
        /// The value as JSON (`2`, `"Item3"`), slashes as they are.
        case value(Int)
        /// The value as `JSONEncoder` writes it, slashes escaped (the typed array).
        case encodedValue(Int)
        /// The value's `JSONEncoder` text escaped once more, inside a CodableRepresentation item.
        case nested(Int)
        /// The value's link text as a path segment, escaped for a JSON string.
        case segment(Int)
        /// The canonical path and query from every value (`LinkPrinter.pathAndQuery`), escaped
        /// for a JSON string: for paths with `{rest...}` or query items.
        case printedPath
        /// Where the canonical path starts and ends the first time it is written.
        case pathStart, pathEnd
        /// The canonical path again, copied from where it was first written.
        case pathAgain
    }

    /// A program's instructions, one byte each.
    enum Op: UInt8 {
        case end, constant, value, encodedValue, nested, segment, printedPath, pathStart, pathEnd, pathAgain
    }

    /// The byte offsets of the template's fields.
    enum Field {
        static let navigationPath = 0, elements = 4, array = 8, document = 12, size = 16
    }

    /// The template of the route `matched` found (the root link's for its record).
    init(_ matched: MatchedRoute) {
        self.matched = matched
    }

    /// The answer in `format` for `link`; nil for `.array` on a stack of several types.
    /// `routes` gives the route for the printed-path hole.
    func answer(_ format: ResolveFormat, link: String, routes: [Route]) -> [UInt8]? {
        guard let program = program(format) else { return nil }
        let reader = matched.reader
        var out: [UInt8] = []
        out.reserveCapacity(reader.u32(program) + 2 * link.utf8.count + 16)
        if format == .document {
            out.appendStatic("{\"link\":")
            JSONWriter.appendString(link, to: &out, escapingSlashes: false)
        }
        let bytes = reader.arena.assumingMemoryBound(to: UInt8.self)
        var path = 0 ..< 0
        var cursor = program + 4
        while let (piece, next) = piece(at: cursor) {
            cursor = next
            switch piece {
            case .constant(let start, let end):
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start ..< end]))
            case .value(let index):
                append(index, to: &out, escapingSlashes: false)
            case .encodedValue(let index):
                append(index, to: &out, escapingSlashes: true)
            case .nested(let index):
                switch matched.value(index) {
                case .number(let digits): out.append(contentsOf: digits.assumingMemoryBound(to: UInt8.self))
                case .bool(let flag): out.appendStatic(flag ? "true" : "false")
                case .text(let text): JSONWriter.appendNestedString(text.assumingMemoryBound(to: UInt8.self), to: &out)
                case .json(let value): JSONWriter.appendNested(value ?? .null, to: &out)
                }
            case .segment(let index):
                // Percent-encoded bytes need no JSON escaping. Matched values are scalars.
                switch matched.value(index) {
                case .number(let text), .text(let text): LinkPrinter.appendSegment(text.assumingMemoryBound(to: UInt8.self), to: &out)
                case .bool(let flag): out.appendStatic(flag ? "true" : "false")
                case .json(.string(var text)?), .json(.number(var text)?): text.withUTF8 { LinkPrinter.appendSegment($0, to: &out) }
                case .json(.bool(let flag)?): out.appendStatic(flag ? "true" : "false")
                case .json: break
                }
            case .printedPath:
                // Matched values always print (link text is the inverse of matching).
                if let route = matched.route, let printed = LinkPrinter.pathAndQuery(routes[route], values: matched.values()) {
                    JSONWriter.appendEscaped(printed.utf8, to: &out, escapingSlashes: false)
                }
            case .pathStart:
                path = out.count ..< out.count
            case .pathEnd:
                path = path.lowerBound ..< out.count
            case .pathAgain:
                for offset in path { out.append(out[offset]) }
            }
        }
        return out
    }

    /// The pieces of `format`'s program; nil for `.array` on a stack of several types.
    func pieces(_ format: ResolveFormat) -> [Piece]? {
        guard let program = program(format) else { return nil }
        var pieces: [Piece] = []
        var cursor = program + 4
        while let (piece, next) = piece(at: cursor) {
            pieces.append(piece)
            cursor = next
        }
        return pieces
    }

    /// Where `format`'s program starts in the arena; nil when the template has none.
    private func program(_ format: ResolveFormat) -> Int? {
        let start = matched.templateStart
        let field = switch format {
        case .navigationPath: Field.navigationPath
        case .elements: Field.elements
        case .array: Field.array
        case .document: Field.document
        }
        let offset = matched.reader.u32(start + field)
        return offset == Int(ResolveIndex.none) ? nil : start + offset
    }

    /// The piece at `cursor` in a program and where the next starts; nil at its end.
    private func piece(at cursor: Int) -> (Piece, next: Int)? {
        let reader = matched.reader
        // The arena holds only ops the builder wrote; an unknown byte ends the program.
        switch Op(rawValue: reader.arena[cursor]) ?? .end {
        case .end: return nil
        case .constant:
            let start = reader.u32(cursor + 1)
            return (.constant(start: start, end: start + reader.u32(cursor + 5)), cursor + 9)
        case .value: return (.value(reader.u32(cursor + 1)), cursor + 5)
        case .encodedValue: return (.encodedValue(reader.u32(cursor + 1)), cursor + 5)
        case .nested: return (.nested(reader.u32(cursor + 1)), cursor + 5)
        case .segment: return (.segment(reader.u32(cursor + 1)), cursor + 5)
        case .printedPath: return (.printedPath, cursor + 1)
        case .pathStart: return (.pathStart, cursor + 1)
        case .pathEnd: return (.pathEnd, cursor + 1)
        case .pathAgain: return (.pathAgain, cursor + 1)
        }
    }

    /// Appends the value of the parameter at `index` as JSON.
    private func append(_ index: Int, to out: inout [UInt8], escapingSlashes: Bool) {
        switch matched.value(index) {
        case .number(let digits):
            out.append(contentsOf: digits.assumingMemoryBound(to: UInt8.self))
        case .bool(let flag):
            out.appendStatic(flag ? "true" : "false")
        case .text(let text):
            out.append(UInt8(ascii: "\""))
            JSONEscaping.append(text.assumingMemoryBound(to: UInt8.self), to: &out, escapingSlashes: escapingSlashes)
            out.append(UInt8(ascii: "\""))
        case .json(let value):
            JSONWriter.append(value ?? .null, to: &out, escapingSlashes: escapingSlashes)
        }
    }

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

        /// Appends the template of `route`'s answers to `arena`.
        mutating func append(_ route: Route, to arena: inout [UInt8]) {
            start()
            format(Field.navigationPath) { $0.writeNavigationPath(route.stack) }
            format(Field.elements) { $0.writeElements(route.stack) }
            let firstType = route.stack.first?.typeName
            if route.stack.contains(where: { $0.typeName != firstType }) {
                program.setU32(Int(ResolveIndex.none), at: Field.array)
            } else {
                format(Field.array) { $0.writeArray(route.stack) }
            }
            format(Field.document) { $0.writeDocument(route) }
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
        /// `selection` (an element or null), `canonical` (`https` and `scheme`).
        mutating func writeDocument(_ route: Route) {
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
            writeLink(start: "https://", name: hosts.first, end: "/", route: route)
            bytes.appendStatic(",\"scheme\":")
            writeLink(start: "", name: schemes.first, end: "://", route: route)
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
