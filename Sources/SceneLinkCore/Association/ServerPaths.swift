/// The paths the SceneLink server answers itself on every host, never as links: the API,
/// the operations endpoints and the well-known files. Association files exclude them before
/// any route, so the app never opens them; short links (`/s/CODE`) are the app's.
public enum ServerPaths {
    /// Paths served whole or below (`/v1`, `/v1/...`).
    public static let prefixes = ["/v1", "/.well-known"]
    /// Paths served exactly (a trailing `/` is the same path).
    public static let exact = ["/healthz", "/readyz", "/metrics", "/openapi.yaml"]
    /// The short-link prefix: `/s/CODE`.
    public static let shortLinkPrefix = "/s"

    /// Whether the server owns a path (as a request gives it, before percent-decoding).
    ///
    /// Empty segments are ignored as the router ignores them: `//healthz/` is `/healthz`.
    public static func owns(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        guard let first = segments.first else { return false }
        if segments.count == 1, exact.contains("/" + first) { return true }
        return prefixes.contains("/" + first)
    }

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

    /// The component that claims short links.
    static var shortLinks: AssociationComponent {
        AssociationComponent(path: shortLinkPrefix + "/?*")
    }
}
