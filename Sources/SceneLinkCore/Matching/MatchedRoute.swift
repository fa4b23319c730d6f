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
    /// `ResolveIndex.kinds` and `ResolveIndex.enumTexts`, by kind index.
    let kinds: UnsafeBufferPointer<ParameterKind>
    let enumTexts: UnsafeBufferPointer<EnumRawTexts?>

    /// One parameter's value, without a `JSONValue` (and its `String`) where the link's bytes
    /// are already the value's text.
    enum Value {
        /// Digits in canonical form (an `Int`, an `Int` enum's raw value): the JSON text and
        /// the link text both.
        case number(UnsafeRawBufferPointer)
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

    var parameterCount: Int { reader.u32(record + ResolveIndex.RecordField.parameterCount) }

    /// Where the route's `ResolveTemplate` starts: right after the record's parameter entries.
    var templateStart: Int {
        record + ResolveIndex.RecordField.parameters + ResolveIndex.RecordField.parameterSize * parameterCount
    }

    /// The value of the route's parameter at `parameter`: from its segment, the rest of the
    /// path, or the query. Each is a value of its parameter's kind (`ParameterKind.item(fromSegment:)`).
    func value(_ parameter: Int) -> Value {
        guard parameter < parameterCount else { return .json(nil) }
        let entry = record + ResolveIndex.RecordField.parameters + ResolveIndex.RecordField.parameterSize * parameter
        let position = reader.u32(entry + 4)
        if position == Int(ResolveIndex.none) {
            return .json(queryValues.first(where: { $0.parameter == parameter })?.value)
        }
        if reader.u32(entry + 8) != 0 {
            let text = (position..<reader.segments.count).map { String(decoding: reader.segment($0), as: UTF8.self) }
            return .json(.string(text.joined(separator: "/")))
        }
        let segment = reader.segment(position)
        let kind = reader.u32(entry)
        // A raw value in canonical form is its own item.
        if reader.isASCII, let texts = enumTexts[kind], texts.contains(segment) == true {
            return texts.isInt ? .number(segment) : .text(segment)
        }
        switch kinds[kind] {
        case .string:
            // Segments are valid UTF-8 (the link's own bytes or decoded `String`s).
            return .text(segment)
        case .int where ParameterKind.isCanonicalInt(segment):
            return .number(segment)
        case .bool where segment.elementsEqual("true".utf8) || segment.elementsEqual("false".utf8):
            return .bool(segment.count == 4)
        default:
            return .json(kinds[kind].item(fromSegment: String(decoding: segment, as: UTF8.self)))
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
