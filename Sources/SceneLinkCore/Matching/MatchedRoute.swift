/// The route record a search found (or the root link's), read in place: its parameter values
/// come straight from the link's bytes, and its `ResolveTemplate` follows the record in the
/// arena.
///
/// Valid only inside the closure `ResolveIndex` hands it to: it points into the arena and into
/// the link's bytes.
struct MatchedRoute {
    /// The arena and the link's segments.
    let reader: ResolveIndex.Reader
    /// The route record's offset in the arena.
    let record: Int
    /// The query items' values of the route, by parameter index (`ResolveIndex.SearchState`).
    let queryValues: [(parameter: Int, value: JSONValue)]
    /// `ResolveIndex.kinds`, by kind index, for the values a kind normalises.
    let kinds: UnsafeBufferPointer<ParameterKind>

    /// One parameter's value, without a `JSONValue` (and its `String`) where the link's bytes
    /// are already the value's text.
    enum Value {
        /// Digits in canonical form (an `Int`, an `Int` enum's raw value): the JSON text and
        /// the link text both.
        case number(UnsafeRawBufferPointer)
        /// A `Bool` (the segment is `true` or `false`).
        case bool(Bool)
        /// A string's UTF-8 bytes (a `String`, a `String` enum's raw value).
        case text(UnsafeRawBufferPointer)
        /// The rare values: normalised from the link (`007` is 7, a UUID in lowercase, a
        /// `Double`), a `{rest...}`, a query item; nil for a parameter with no value.
        case json(JSONValue?)
    }

    /// The route's index in `RouteTable.routes`; nil for the root link.
    var route: Int? {
        let index = reader.u32(record + ResolveIndex.RecordField.route)
        return index == Int(ResolveIndex.none) ? nil : index
    }

    /// The number of the route's parameters (path, then query).
    var parameterCount: Int { reader.u32(record + ResolveIndex.RecordField.parameterCount) }

    /// Where the route's `ResolveTemplate` starts: right after the record's parameter entries.
    var templateStart: Int {
        record + ResolveIndex.RecordField.parameters + ResolveIndex.RecordField.parameterSize * parameterCount
    }

    /// The value of the route's parameter at `parameter`: from its segment, the rest of the
    /// path, or the query. Each is a value of its parameter's kind (`ParameterKind.item(fromSegment:)`):
    /// matching has checked the segment against the kind, so its `ResolveIndex.ValueForm` says
    /// which bytes are the value.
    func value(_ parameter: Int) -> Value {
        guard parameter < parameterCount else { return .json(nil) }
        let entry = record + ResolveIndex.RecordField.parameters + ResolveIndex.RecordField.parameterSize * parameter
        let position = reader.u32(entry + ResolveIndex.RecordField.parameterPosition)
        if position == Int(ResolveIndex.none) {
            return .json(queryValues.first(where: { $0.parameter == parameter })?.value)
        }
        let form = reader.u32(entry + ResolveIndex.RecordField.parameterForm)
        if form == ResolveIndex.ValueForm.rest {
            let text = (position..<reader.segments.count).map { String(decoding: reader.segment($0), as: UTF8.self) }
            return .json(.string(text.joined(separator: "/")))
        }
        let segment = reader.segment(position)
        switch form {
        case ResolveIndex.ValueForm.text:
            // Segments are valid UTF-8 (the link's own bytes or decoded `String`s).
            return .text(segment)
        case ResolveIndex.ValueForm.digits where ParameterKind.isCanonicalInt(segment):
            return .number(segment)
        case ResolveIndex.ValueForm.bool:
            return .bool(segment.count == 4)
        default:
            let kind = kinds[reader.u32(entry + ResolveIndex.RecordField.parameterKind)]
            return .json(kind.item(fromSegment: String(decoding: segment, as: UTF8.self)))
        }
    }

    /// Every parameter value as JSON, by index: for `resolve(_:)` and printed links.
    func values() -> [JSONValue?] {
        (0..<parameterCount).map { parameter in
            switch value(parameter) {
            case .number(let digits): .number(String(decoding: digits, as: UTF8.self))
            case .bool(let flag): .bool(flag)
            case .text(let text): .string(String(decoding: text, as: UTF8.self))
            case .json(let value): value
            }
        }
    }
}
