import Foundation

/// The shape `resolve(_:format:)` asks the server for.
public enum LinkFormat: String, Sendable, Hashable, CaseIterable {
    /// The whole resolution (what `resolve(_:)` decodes into a `LinkResolution`).
    case document
    /// Only SwiftUI's `NavigationPath.CodableRepresentation` JSON, top of the stack first.
    case navigationPath
    /// A typed array in push order, for `NavigationStack(path: $array)` (single-type stacks only).
    case array
    /// The neutral element list in push order.
    case elements
}
