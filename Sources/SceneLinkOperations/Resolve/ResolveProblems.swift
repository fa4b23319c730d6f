import SceneLinkCore
import SceneLinkHTTP

/// The problem+json answers of the resolve endpoints. `type` URIs are stable:
/// `https://scenelink.dev/problems/<slug>`.
public enum ResolveProblems {

    package static let missingURL = HTTPProblem(
        status: .badRequest, type: HTTPProblem.typeBase + "missing-url", title: "Missing link",
        detail: "GET /v1/resolve needs the link to resolve as ?url=, percent-encoded (url=fuelmoney%3A%2F%2Fsettings).")

    package static func unknownFormat(_ name: String) -> HTTPProblem {
        let formats = ResolveFormat.allCases.map(\.rawValue).joined(separator: ", ")
        return HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "unknown-format", title: "Unknown format",
                           detail: "The format \"\(name)\" is not known; use one of \(formats), or leave format out for the full document.",
                           extensions: [(name: "formats", json: json(.array(ResolveFormat.allCases.map { .string($0.rawValue) })))])
    }

    /// The problem for a link that does not resolve (400, 404 or 422).
    public static func problem(for error: ResolveError) -> HTTPProblem {
        switch error {
        case .invalidLink:
            return HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-link", title: "Invalid link", detail: error.description)
        case .unknownScheme(_, let configured):
            return HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + "unknown-scheme", title: "Unknown link scheme",
                               detail: error.description, extensions: [(name: "configured", json: strings(configured))])
        case .unknownHost(_, let configured):
            return HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + "unknown-host", title: "Unknown link host",
                               detail: error.description, extensions: [(name: "configured", json: strings(configured))])
        case .noRoute(let path, let closest, _):
            return HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + "no-route", title: "No route matches the link",
                               detail: error.description,
                               extensions: [(name: "path", json: json(.string(path))), (name: "closest", json: strings(closest))])
        case .wrongParameterType(let path, let segment, _, let expected):
            return HTTPProblem(status: .notFound, type: HTTPProblem.typeBase + "wrong-parameter-type", title: "Link segment has the wrong type",
                               detail: error.description,
                               extensions: [(name: "path", json: json(.string(path))), (name: "segment", json: String(segment)),
                                            (name: "expected", json: strings(expected))])
        case .notSingleType(let types):
            return HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "not-single-type", title: "Stack holds more than one type",
                               detail: error.description, extensions: [(name: "types", json: strings(types))])
        }
    }

    /// The problem for a stack that prints no link (400 or 422).
    public static func problem(for error: LinkPrintError) -> HTTPProblem {
        switch error {
        case .malformedStack:
            return HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "bad-body", title: "Body is not a stack", detail: error.description)
        case .unknownType, .invalidItem:
            return HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "invalid-stack", title: "Stack element is not valid",
                               detail: error.description)
        case .noRoute:
            return HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "no-route-for-stack", title: "No route yields the stack",
                               detail: error.description)
        }
    }

    private static func json(_ value: JSONValue) -> String { JSONWriter.text(value, escapingSlashes: false) }

    private static func strings(_ items: [String]) -> String { json(.array(items.map(JSONValue.string))) }
}
