/// The paths the SceneLink server answers itself on every host, never as links: the API,
/// the operations endpoints and the well-known files. Association files exclude them before
/// any route, so the app never opens them; short links (`/s/CODE`) and claim URLs (`/c/TOKEN`)
/// are the app's.
public enum ServerPaths {
    /// Paths served whole or below (`/v1`, `/v1/...`); `/console` is the operator console's
    /// (reserved whether or not `--console` serves it).
    public static let prefixes = ["/v1", "/.well-known", "/console"]
    /// Paths served exactly (a trailing `/` is the same path).
    public static let exact = ["/healthz", "/readyz", "/metrics", "/openapi.yaml"]
    /// The claim-URL prefix: `/c/TOKEN` (deferred deep links; `ClaimToken.pathPrefix`).
    public static let claimPrefix = "/c"

    /// Whether the server owns a path (as a request gives it, before percent-decoding).
    ///
    /// Empty segments are ignored as the router ignores them: `//healthz/` is `/healthz`.
    /// Every request for a link page asks, so this reads the path's bytes in place.
    public static func owns(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            var start = 0
            while start < bytes.count, bytes[start] == slash { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != slash { end += 1 }
            guard end > start else { return false }
            let first = UnsafeBufferPointer(rebasing: bytes[start ..< end])
            if prefixSegments.contains(where: { $0.elementsEqual(first) }) { return true }
            let isLast = bytes[end...].allSatisfy { $0 == slash }
            return isLast && exactSegments.contains { $0.elementsEqual(first) }
        }
    }

    /// `prefixes` and `exact` as the bytes of their one segment.
    private static let prefixSegments = prefixes.map { Array($0.utf8.dropFirst()) }
    private static let exactSegments = exact.map { Array($0.utf8.dropFirst()) }

    /// The `exclude` components, in order, that keep every server path out of the app.
    static var exclusions: [AssociationComponent] {
        var out: [AssociationComponent] = []
        for prefix in prefixes {
            out.append(AssociationComponent(path: prefix, exclude: true))
            out.append(AssociationComponent(path: prefix + "/*", exclude: true))
        }
        for path in exact {
            out.append(AssociationComponent(path: path, exclude: true))
            out.append(AssociationComponent(path: path + "/", exclude: true))
        }
        return out
    }

    /// The component that claims short links: `/s/?*`, or at the root every path (`/?*`: the
    /// app asks the server what a path it has no route for stands for).
    static func shortLinks(_ path: ShortLinkPath) -> AssociationComponent {
        AssociationComponent(path: path.prefix + "?*")
    }

    /// The component that claims claim URLs: with the app installed, a claim URL opens it, and
    /// the app redeems the token the URL carries.
    static var claimURLs: AssociationComponent {
        AssociationComponent(path: claimPrefix + "/?*")
    }
}
