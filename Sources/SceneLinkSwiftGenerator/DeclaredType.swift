import SceneLinkCore

/// A type of the route file with its tag read as a Swift path and its JSON location.
struct DeclaredType: Sendable {
    let type: RouteType
    let path: TypePath
    /// `types.HomePath`.
    let location: String

    var module: String { path.module }
    var names: [String] { path.names }
    var tagLocation: String { location + ".tag" }
}
