/// Why a link does not resolve. Each case prints one sentence saying what to change.
///
/// HTTP mapping (done by the service): `invalidLink` 400; `unknownScheme`, `unknownHost`,
/// `noRoute`, `wrongParameterType` 404; `notSingleType` 422.
public enum ResolveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not a link this service can read (no scheme, bad percent-escape, control characters).
    case invalidLink(link: String, reason: String)
    /// The scheme is not one of the app's; `configured` lists the accepted link prefixes.
    case unknownScheme(scheme: String, configured: [String])
    /// An https link whose host is not listed; `configured` lists the hosts.
    case unknownHost(host: String, configured: [String])
    /// No route matches; `path` is the normalised path, `closest` the nearest route patterns,
    /// `hint` an extra sentence (a required query item that is missing).
    case noRoute(path: String, closest: [String], hint: String?)
    /// A segment that only a typed parameter could take, with a value not of that type.
    /// `segment` counts from 1 in the normalised path.
    case wrongParameterType(path: String, segment: Int, value: String, expected: [String])
    /// `format=array` on a stack that holds more than one type.
    case notSingleType(types: [String])

    public var description: String {
        switch self {
        case .invalidLink(let link, let reason):
            return "The link \(Self.quote(link)) is not a valid link: \(reason)."
        case .unknownScheme(let scheme, let configured):
            return "The scheme \"\(scheme)\" is not one of this app's link sources; use \(Self.list(configured))."
        case .unknownHost(let host, let configured):
            return "The host \"\(host)\" is not one of this app's hosts; use \(Self.list(configured))."
        case .noRoute(let path, let closest, let hint):
            let near = closest.isEmpty ? "" : " The closest routes are \(closest.joined(separator: ", "))."
            return "No route matches \(path).\(hint.map { " " + $0 } ?? "")\(near)"
        case .wrongParameterType(let path, let segment, let value, let expected):
            return "Segment \(segment) of \(path), \"\(value)\", is not \(expected.joined(separator: " or ")); no route takes it there."
        case .notSingleType(let types):
            return "The stack holds \(types.joined(separator: " and ")), so it has no typed-array form; ask for format=navigationPath or format=elements."
        }
    }

    private static func quote(_ text: String) -> String {
        let shown = text.count > 200 ? String(text.prefix(200)) + "…" : text
        return "\"\(shown)\""
    }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return "none (the route file lists no link sources)"
        case 1: return items[0]
        default: return "one of " + items.joined(separator: ", ")
        }
    }
}

extension ResolveError {
    /// The answer for a link `LinkScanner` could not read.
    init(_ failure: LinkScanFailure, link: String) {
        switch failure {
        case .invalid(let reason): self = .invalidLink(link: link, reason: reason)
        case .unknownScheme(let scheme, let configured): self = .unknownScheme(scheme: scheme, configured: configured)
        case .unknownHost(let host, let configured): self = .unknownHost(host: host, configured: configured)
        }
    }
}
