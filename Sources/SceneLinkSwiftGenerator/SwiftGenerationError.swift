import SceneLinkCore

/// Why a route file cannot become Swift for a module. Prints one sentence that says what to
/// fix, with the JSON location it is about (`types.Photo.tag: ...`).
public enum SwiftGenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The route file does not load (every problem, each with its location).
    case routeFile(RouteFileError)
    /// The file loads, but no Swift that compiles has these names: a tag that is not a
    /// Swift type path, two types with one Swift name, a module no tag uses.
    case unsupported(location: String, message: String)

    /// The JSON location of the first problem.
    public var location: String {
        switch self {
        case .routeFile(let error): return error.problems.first?.location ?? "$"
        case .unsupported(let location, _): return location
        }
    }

    public var description: String {
        switch self {
        case .routeFile(let error): return error.description
        case .unsupported(let location, let message): return "\(location): \(message)"
        }
    }
}
