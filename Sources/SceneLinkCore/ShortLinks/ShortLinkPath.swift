/// Where short links live on the app's hosts (`--short-link-prefix`): under one path segment
/// (`/s/CODE`, the default; `/promo/CODE`), or at the root (`/CODE`, as Firebase Dynamic Links'
/// custom domains had them).
///
/// At the root a code and a route's path could be the same: a code is never made where a route
/// is (`RouteTable.routeShadowing(code:)`), and a route file whose routes would hide a stored
/// code is refused at start and on reload. Under a segment, no route may start with it.
public enum ShortLinkPath: Sendable, Equatable, CustomStringConvertible {
    /// `/NAME/CODE`.
    case segment(String)
    /// `/CODE`.
    case root

    /// `/s/CODE`.
    public static let standard = ShortLinkPath.segment("s")

    /// The path as the flag takes it: `/`, or `/NAME/` with NAME of `a-z 0-9 - _`.
    /// - Throws: a sentence saying what to give.
    public init(parsing text: String) throws(ShortLinkPathError) {
        if text == "/" {
            self = .root
            return
        }
        let name = text.drop { $0 == "/" }.reversed().drop { $0 == "/" }.reversed()
        let segment = String(name)
        guard text.hasPrefix("/"), !segment.isEmpty, segment.utf8.count <= 32,
              segment.utf8.allSatisfy({ ShortLinkTag.isAllowed($0) }) else { throw ShortLinkPathError(text: text) }
        guard !["v1", "c", ".well-known", "console"].contains(segment) else { throw ShortLinkPathError(text: text, reserved: true) }
        self = .segment(segment)
    }

    /// What comes before a code: `/s/`, `/promo/` or `/`.
    public var prefix: String {
        switch self {
        case .segment(let name): "/\(name)/"
        case .root: "/"
        }
    }

    public var description: String { prefix }

    /// The route pattern of a link: `/s/{code}`; nil at the root, where links are told from the
    /// routes' paths by the route table (`RouteTable.shortLinkCode(in:)`).
    public var pattern: String? {
        switch self {
        case .segment(let name): "/\(name)/{code}"
        case .root: nil
        }
    }
}

/// A `--short-link-prefix` that is not `/` or `/NAME/`.
public struct ShortLinkPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var reserved = false

    public var description: String {
        reserved ? "'\(text.prefix(40))' is a path the server answers itself; pick another prefix, such as /s/ or /go/."
            : "'\(text.prefix(40))' is not a short-link prefix; give / for codes at the root, or /NAME/ with NAME of a-z 0-9 - _ (such as /s/ or /promo/)."
    }
}
