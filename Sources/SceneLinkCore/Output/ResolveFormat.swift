/// The shapes `GET /v1/resolve` and `scenelink resolve` can answer in.
public enum ResolveFormat: String, Sendable, CaseIterable {
    /// One JSON object: `link`, `route`, `parameters`, `elements`, `navigationPath`,
    /// `selection`, `canonical`.
    case document
    /// SwiftUI's `NavigationPath.CodableRepresentation`: `[tag, item, ...]`, top first.
    case navigationPath
    /// A typed array in push order (`[1,2]`), for `NavigationStack(path: $array)`; only for
    /// stacks of one type.
    case array
    /// `[{"type","tag","value"}]` in push order, for any client.
    case elements

    /// The format whose raw value is `name`, or nil: `init(rawValue:)` by direct comparisons
    /// (the synthesized initializer searches a table of names, several times the cost).
    public static func named(_ name: String) -> ResolveFormat? {
        switch name {
        case "document": .document
        case "navigationPath": .navigationPath
        case "array": .array
        case "elements": .elements
        default: nil
        }
    }
}
