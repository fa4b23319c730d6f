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
                if let route = matched.route, let printed = LinkPrinter.pathAndQuery(routes[routes[route].aliasOf ?? route], values: matched.values()) {
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
}
