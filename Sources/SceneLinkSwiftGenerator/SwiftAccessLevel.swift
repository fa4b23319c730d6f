/// The access level of the generated declarations.
public enum SwiftAccessLevel: String, Sendable, CaseIterable {
    /// For a module whose types other modules use (a framework, a package target).
    case `public`
    /// For the app's own target.
    case `internal`

    /// The modifier and a space (`"public "`), or nothing for `internal`, the default.
    var prefix: String { self == .public ? "public " : "" }
}
