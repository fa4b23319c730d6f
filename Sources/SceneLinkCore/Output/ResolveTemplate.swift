/// One route's resolve answers in every `ResolveFormat`: the one writer of resolve output.
///
/// Each format is constant bytes, written when the table is built, with holes for the
/// parameter values. The holes are the ways a value appears: as JSON (`parameters`,
/// `elements`, and with slashes escaped, a typed array), as JSON inside a JSON string (a
/// CodableRepresentation item), and as a path segment of the canonical links (the path is
/// written once and copied into the second link). A route whose canonical path has a
/// `{rest...}` segment or query items (which print only when they differ from their defaults)
/// has one hole for the whole printed path. A route without parameters is one constant run.
///
/// The values must be the ones matching gave for this route: each is then already a value of
/// its parameter's kind (`ParameterKind.item(fromSegment:)`), whose link text is its own text,
/// so the template prints it without checking it against the kind again.
struct ResolveTemplate: Sendable {
    /// A run of `bytes`, or a hole for the route's parameter at an index.
    enum Piece: Sendable {
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

    /// Every constant run of every format, back to back.
    let bytes: [UInt8]
    /// The document after its `"link"` member: `,"route":…}`.
    let document: [Piece]
    let navigationPath: [Piece]
    let elements: [Piece]
    /// The typed array, or the element types when there are several (no typed array then).
    let array: Result<[Piece], ResolveError>
    /// The route, for `printedPath`; nil for the root and for routes without that hole.
    let route: Route?

    /// The template of `route`'s answers, or of the root link's (the empty stack) for nil.
    init(route: Route?, schemes: [String], hosts: [String]) {
        var builder = Builder()
        guard let route else {
            document = builder.format { $0.writeRootDocument(schemes: schemes, hosts: hosts) }
            navigationPath = builder.format { $0.bytes.appendStatic("[]") }
            elements = navigationPath
            array = .success(navigationPath)
            bytes = builder.bytes
            self.route = nil
            return
        }
        document = builder.format { $0.writeDocument(route, schemes: schemes, hosts: hosts) }
        navigationPath = builder.format { $0.writeNavigationPath(route.stack) }
        elements = builder.format { $0.writeElements(route.stack) }
        var typeNames: [String] = []
        for element in route.stack where !typeNames.contains(element.typeName) { typeNames.append(element.typeName) }
        if typeNames.count > 1 {
            array = .failure(.notSingleType(types: typeNames))
        } else {
            array = .success(builder.format { $0.writeArray(route.stack) })
        }
        bytes = builder.bytes
        self.route = builder.usesPrintedPath ? route : nil
    }

    /// The answer in `format` for `link` with `values` (the route's parameter values from a
    /// match, by index) in the holes.
    /// - Throws: `.notSingleType` for `.array` on a mixed stack.
    func answer(_ format: ResolveFormat, link: String, values: [JSONValue?]) throws(ResolveError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 2 * link.utf8.count + 16)
        switch format {
        case .document:
            out.appendStatic("{\"link\":")
            JSONWriter.appendString(link, to: &out, escapingSlashes: false)
            append(document, values: values, to: &out)
        case .navigationPath: append(navigationPath, values: values, to: &out)
        case .elements: append(elements, values: values, to: &out)
        case .array: append(try array.get(), values: values, to: &out)
        }
        return out
    }

    /// Appends `pieces` with `values` (the route's parameter values from a match, by index)
    /// in the holes.
    private func append(_ pieces: [Piece], values: [JSONValue?], to out: inout [UInt8]) {
        var path = 0 ..< 0
        for piece in pieces {
            switch piece {
            case .constant(let start, let end):
                bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start ..< end])) }
            case .value(let index):
                JSONWriter.append(Self.value(values, index), to: &out, escapingSlashes: false)
            case .encodedValue(let index):
                JSONWriter.append(Self.value(values, index), to: &out, escapingSlashes: true)
            case .nested(let index):
                JSONWriter.appendNested(Self.value(values, index), to: &out)
            case .segment(let index):
                // Percent-encoded bytes need no JSON escaping. Matched values are scalars.
                switch Self.value(values, index) {
                case .string(var text), .number(var text): text.withUTF8 { LinkPrinter.appendSegment($0, to: &out) }
                case .bool(let flag): out.appendStatic(flag ? "true" : "false")
                case .null, .array, .object: break
                }
            case .printedPath:
                // Matched values always print (link text is the inverse of matching).
                if let route, let printed = LinkPrinter.pathAndQuery(route, values: values) {
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
    }

    private static func value(_ values: [JSONValue?], _ index: Int) -> JSONValue {
        (index < values.count ? values[index] : nil) ?? .null
    }

    /// Writes each format's constant bytes and holes.
    private struct Builder {
        var bytes: [UInt8] = []
        var pieces: [Piece] = []
        /// Where the constant run being written began.
        var runStart = 0
        /// Whether the canonical path has been written once (the second link copies it).
        var pathWritten = false
        var usesPrintedPath = false

        /// The pieces `write` makes.
        mutating func format(_ write: (inout Builder) -> Void) -> [Piece] {
            pieces = []
            runStart = bytes.count
            pathWritten = false
            write(&self)
            closeRun()
            return pieces
        }

        mutating func hole(_ piece: Piece) {
            closeRun()
            pieces.append(piece)
        }

        private mutating func closeRun() {
            if bytes.count > runStart { pieces.append(.constant(start: runStart, end: bytes.count)) }
            runStart = bytes.count
        }

        /// The document's members after `link`: `route`, `parameters` (an object, keys sorted),
        /// `elements`, `navigationPath` (the CodableRepresentation array itself, not a string),
        /// `selection` (an element or null), `canonical` (`https` and `scheme`).
        mutating func writeDocument(_ route: Route, schemes: [String], hosts: [String]) {
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
        mutating func writeRootDocument(schemes: [String], hosts: [String]) {
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
            if let fragment = element.constantFragment {
                bytes.append(contentsOf: fragment)
                return
            }
            bytes.append(contentsOf: element.tagPrefix)
            for chunk in element.itemChunks {
                switch chunk {
                case .bytes(let chunkBytes): bytes.append(contentsOf: chunkBytes)
                case .parameter(let index): hole(.nested(index))
                }
            }
            bytes.append(UInt8(ascii: "\""))
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
                usesPrintedPath = true
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
