/// One compiled route: its full pattern from the root, its parameters, and the templates of
/// the stack it yields.
struct Route: Sendable {
    /// The full name (`settings.account`).
    let name: String
    /// The full pattern for people (`/settings/{item:Int}?tab={tab}`).
    let pattern: String
    /// Where the route is in the route file (`routes[0].routes[1]`).
    let location: String
    let segments: [PatternSegment]
    let parameters: [RouteParameter]
    /// Query items, in file order, that feed parameters.
    let query: [QueryItem]
    /// The stack, root first (push order): the ancestors' pushes, then this route's.
    let stack: [ElementTemplate]
    let selection: ElementTemplate?
    /// The route's `preview` and `fallback` templates (the parent's where it sets none).
    let presentation: RoutePresentation

    /// The count of required query items (more specific routes are tried first).
    var requiredQueryCount: Int { query.count { $0.defaultValue == nil } }
}

/// One segment of a route's full path.
enum PatternSegment: Sendable, Equatable {
    case literal(String)
    /// A parameter filling one segment: the index into `Route.parameters`.
    case parameter(Int)
    /// `{rest...}`: the remaining segments joined by `/`.
    case rest(Int)
}

/// A parameter of a route.
struct RouteParameter: Sendable {
    let name: String
    /// The route-file type name.
    let typeName: String
    let kind: ParameterKind
}

/// A query item feeding a parameter; `defaultValue` nil means the item is required.
struct QueryItem: Sendable {
    let name: String
    let parameter: Int
    let defaultValue: JSONValue?
}

/// One stack element as a route declares it.
struct ElementTemplate: Sendable {
    let typeName: String
    let tag: String
    let value: ValueTemplate
    /// `"tag","item"` as written in a CodableRepresentation, when the item is a constant.
    let constantFragment: [UInt8]?
    /// `"tag","` written once, for elements whose item depends on parameters.
    let tagPrefix: [UInt8]
    /// The item as it appears inside the CodableRepresentation string: escaped constant
    /// text between parameters, so the fast path writes it without building values.
    let itemChunks: [ItemChunk]

    enum ItemChunk: Sendable {
        case bytes([UInt8])
        case parameter(Int)
    }

    init(typeName: String, tag: String, value: ValueTemplate) {
        self.typeName = typeName
        self.tag = tag
        self.value = value
        var prefix: [UInt8] = []
        JSONWriter.appendString(tag, to: &prefix, escapingSlashes: true)
        prefix.append(contentsOf: Array(",\"".utf8))
        tagPrefix = prefix
        if case .constant(let item) = value {
            var fragment = prefix
            JSONWriter.appendEscaped(JSONWriter.encode(item), to: &fragment, escapingSlashes: true)
            fragment.append(UInt8(ascii: "\""))
            constantFragment = fragment
        } else {
            constantFragment = nil
        }
        var chunks: [ItemChunk] = []
        ElementTemplate.appendChunks(value, to: &chunks)
        itemChunks = chunks
    }

    private static func appendChunks(_ template: ValueTemplate, to chunks: inout [ItemChunk]) {
        func bytes(_ new: [UInt8]) {
            if case .bytes(let previous)? = chunks.last {
                chunks[chunks.count - 1] = .bytes(previous + new)
            } else {
                chunks.append(.bytes(new))
            }
        }
        switch template {
        case .constant(let item):
            var escaped: [UInt8] = []
            JSONWriter.appendNested(item, to: &escaped)
            bytes(escaped)
        case .parameter(let index):
            chunks.append(.parameter(index))
        case .object(let members):
            bytes([UInt8(ascii: "{")])
            for (offset, member) in members.enumerated() {
                var key: [UInt8] = offset > 0 ? [UInt8(ascii: ",")] : []
                JSONWriter.appendNested(.string(member.key), to: &key)
                key.append(UInt8(ascii: ":"))
                bytes(key)
                appendChunks(member.value, to: &chunks)
            }
            bytes([UInt8(ascii: "}")])
        }
    }

    func element(_ values: [JSONValue?]) -> StackElement {
        StackElement(type: typeName, tag: tag, value: value.render(values))
    }
}
