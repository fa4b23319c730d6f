/// One route's default resolve document after its `"link"` member, as constant bytes with
/// holes for the parameter values: what `RouteTable.appendDocumentTail` writes, with
/// everything that does not depend on the values written once, when the table is built.
///
/// The holes are the three ways a value appears in the document: as JSON (`parameters`,
/// `elements`), as JSON inside a JSON string (a CodableRepresentation item), and as a path
/// segment of the canonical links (the path is written once and copied into the second
/// link). A route whose canonical path has a `{rest...}` segment or query items (which print
/// only when they differ from their defaults) has no template and is written by
/// `appendDocumentTail`. A route without parameters is one constant run.
///
/// The values must be the ones matching gave for this route: each is then already a value
/// of its parameter's kind (`ParameterKind.item(fromSegment:)`), whose link text is its own
/// text, so the template prints it without checking it against the kind again.
struct DocumentTemplate: Sendable {
    /// A run of `bytes`, or a hole for the route's parameter at an index.
    enum Piece: Sendable {
        case constant(start: Int, end: Int)
        /// The value as JSON (`2`, `"Item3"`), slashes as they are.
        case value(Int)
        /// The value's `JSONEncoder` text escaped once more, inside a CodableRepresentation item.
        case nested(Int)
        /// The value's link text as a path segment, escaped for a JSON string.
        case segment(Int)
        /// Where the canonical path starts and ends the first time it is written.
        case pathStart, pathEnd
        /// The canonical path again, copied from where it was first written.
        case pathAgain
    }

    /// Every constant run, back to back.
    let bytes: [UInt8]
    let pieces: [Piece]
    /// The number of the route's parameters.
    let parameterCount: Int

    /// The template of `route`'s document, or nil when its canonical links need more than
    /// holes (a `{rest...}` segment or query items).
    init?(route: Route, schemes: [String], hosts: [String]) {
        guard route.query.isEmpty, !route.segments.contains(where: { if case .rest = $0 { true } else { false } }) else {
            return nil
        }
        var builder = Builder()
        builder.write(route: route, schemes: schemes, hosts: hosts)
        bytes = builder.bytes
        pieces = builder.finish()
        parameterCount = route.parameters.count
    }

    /// Appends the document for `values` (the route's parameter values from a match, by
    /// index). Returns false, having written part of it, when a value is missing or is not
    /// a scalar; the caller then writes the document from the values instead.
    func append(_ values: [JSONValue?], to out: inout [UInt8]) -> Bool {
        guard values.count == parameterCount else { return false }
        var path = 0 ..< 0
        for piece in pieces {
            switch piece {
            case .constant(let start, let end):
                bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start ..< end])) }
            case .value(let index):
                guard let value = values[index] else { return false }
                JSONWriter.append(value, to: &out, escapingSlashes: false)
            case .nested(let index):
                guard let value = values[index] else { return false }
                JSONWriter.appendNested(value, to: &out)
            case .segment(let index):
                // Percent-encoded bytes need no JSON escaping.
                switch values[index] {
                case .string(var text)?, .number(var text)?: text.withUTF8 { LinkPrinter.appendSegment($0, to: &out) }
                case .bool(let flag)?: out.appendStatic(flag ? "true" : "false")
                default: return false
                }
            case .pathStart:
                path = out.count ..< out.count
            case .pathEnd:
                path = path.lowerBound ..< out.count
            case .pathAgain:
                for offset in path { out.append(out[offset]) }
            }
        }
        return true
    }

    /// Writes the document's pieces in the order and form `appendDocumentTail` writes them.
    private struct Builder {
        var bytes: [UInt8] = []
        var pieces: [Piece] = []
        /// Where the constant run being written began.
        var runStart = 0
        /// Whether the canonical path has been written once (the second link copies it).
        var pathWritten = false

        mutating func hole(_ piece: Piece) {
            closeRun()
            pieces.append(piece)
        }

        mutating func finish() -> [Piece] {
            closeRun()
            return pieces
        }

        private mutating func closeRun() {
            if bytes.count > runStart { pieces.append(.constant(start: runStart, end: bytes.count)) }
            runStart = bytes.count
        }

        mutating func write(route: Route, schemes: [String], hosts: [String]) {
            bytes.appendStatic(",\"route\":")
            JSONWriter.appendString(route.name, to: &bytes, escapingSlashes: false)
            bytes.appendStatic(",\"parameters\":")
            let names = route.parameters.map(\.name)
            writeObject(keys: names) { builder, index in builder.hole(.value(index)) }
            bytes.appendStatic(",\"elements\":[")
            for (offset, element) in route.stack.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element: element)
            }
            bytes.appendStatic("],\"navigationPath\":[")
            for (offset, element) in route.stack.reversed().enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                writeFragment(element)
            }
            bytes.appendStatic("],\"selection\":")
            if let selection = route.selection { write(element: selection) } else { bytes.appendStatic("null") }
            bytes.appendStatic(",\"canonical\":{\"https\":")
            writeLink(start: "https://", name: hosts.first, end: "/", segments: route.segments)
            bytes.appendStatic(",\"scheme\":")
            writeLink(start: "", name: schemes.first, end: "://", segments: route.segments)
            bytes.appendStatic("}}")
        }

        /// `{"key":value,...}` with keys sorted as `JSONWriter.appendObject` sorts them.
        private mutating func writeObject(keys: [String], value: (inout Builder, Int) -> Void) {
            bytes.append(UInt8(ascii: "{"))
            for (offset, index) in JSONWriter.keyOrder(count: keys.count, key: { keys[$0] }).enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONWriter.appendString(keys[index], to: &bytes, escapingSlashes: false)
                bytes.append(UInt8(ascii: ":"))
                value(&self, index)
            }
            bytes.append(UInt8(ascii: "}"))
        }

        /// `{"type":...,"tag":...,"value":...}`, as `NavigationPathEncoding.appendElement`.
        private mutating func write(element: ElementTemplate) {
            bytes.appendStatic("{\"type\":")
            JSONWriter.appendString(element.typeName, to: &bytes, escapingSlashes: false)
            bytes.appendStatic(",\"tag\":")
            JSONWriter.appendString(element.tag, to: &bytes, escapingSlashes: false)
            bytes.appendStatic(",\"value\":")
            write(value: element.value)
            bytes.append(UInt8(ascii: "}"))
        }

        /// An element's value as `JSONWriter.append` writes `ValueTemplate.render`'s result.
        private mutating func write(value: ValueTemplate) {
            switch value {
            case .constant(let item):
                JSONWriter.append(item, to: &bytes, escapingSlashes: false)
            case .parameter(let index):
                hole(.value(index))
            case .object(let members):
                writeObject(keys: members.map(\.key)) { builder, index in builder.write(value: members[index].value) }
            }
        }

        /// `"tag","item"`, as `ElementTemplate.appendFragment`.
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

        /// `"start+name+end+path"`, or `null` without a name, as `RouteTable.appendLink`.
        private mutating func writeLink(start: StaticString, name: String?, end: StaticString, segments: [PatternSegment]) {
            guard let name else {
                bytes.appendStatic("null")
                return
            }
            RouteTable.appendLinkStart(start, name: name, end: end, to: &bytes)
            let hasHoles = segments.contains { if case .literal = $0 { false } else { true } }
            if hasHoles && pathWritten {
                hole(.pathAgain)
                bytes.append(UInt8(ascii: "\""))
                return
            }
            if hasHoles { hole(.pathStart) }
            for (offset, segment) in segments.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: "/")) }
                switch segment {
                case .literal(let literal):
                    JSONWriter.appendEscaped(LinkPrinter.encodeSegment(literal).utf8, to: &bytes, escapingSlashes: false)
                case .parameter(let index):
                    hole(.segment(index))
                case .rest:
                    break  // `init` builds no template for these.
                }
            }
            if hasHoles {
                hole(.pathEnd)
                pathWritten = true
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
