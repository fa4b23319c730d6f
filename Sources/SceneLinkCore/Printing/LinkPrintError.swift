/// Why a stack has no canonical link.
///
/// HTTP mapping (done by the service): `malformedStack` 400; the others 422.
public enum LinkPrintError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is not a CodableRepresentation array, an elements array, or an object holding one.
    case malformedStack(reason: String)
    /// An element's tag (or type name) is not a type of this route file. `index` counts
    /// elements in push order from 0.
    case unknownType(index: Int, name: String)
    /// An element's item does not decode as its type.
    case invalidItem(index: Int, type: String, reason: String)
    /// No route yields this stack.
    case noRoute(stack: String)

    public var description: String {
        switch self {
        case .malformedStack(let reason):
            return "The body is not a stack: \(reason). Send a CodableRepresentation array like [\"Tag\",\"item\",...] or an elements array like [{\"type\":\"Name\",\"value\":1}]."
        case .unknownType(let index, let name):
            return "Element \(index) has the type \"\(name)\", which the route file does not declare; use a tag or type name from GET /v1/routes."
        case .invalidItem(let index, let type, let reason):
            return "Element \(index) is not a valid \(type): \(reason)."
        case .noRoute(let stack):
            return "No route yields the stack \(stack); GET /v1/routes lists the stacks each route builds."
        }
    }
}
