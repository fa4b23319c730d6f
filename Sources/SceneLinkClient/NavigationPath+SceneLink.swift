// SwiftUI glue, only where SwiftUI exists (not on Linux). It only converts: NavigationState
// does the work on the bytes of a NavigationPath.CodableRepresentation.
#if canImport(SwiftUI)
import Foundation
import SwiftUI

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationPath {
    /// A path from the JSON of its `CodableRepresentation`, as `NavigationState.restore()`,
    /// `NavigationState.path(for:)` and `LinkResolution.navigationPath` give it.
    /// - Throws: `SceneLinkError.coding` when the bytes are not a `CodableRepresentation`.
    public init(sceneLinkData data: Data) throws(SceneLinkError) {
        let representation: NavigationPath.CodableRepresentation
        do {
            representation = try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data)
        } catch {
            throw .coding("the bytes are not a NavigationPath.CodableRepresentation (\(error)).")
        }
        self.init(representation)
    }

    /// The JSON of the path's `CodableRepresentation`, for `NavigationState.save(_:)` and
    /// `SceneLinkClient.links(for:)`; nil when an element is not `Codable`.
    public var sceneLinkData: Data? {
        guard let representation = codable else { return nil }
        return try? JSONEncoder().encode(representation)
    }
}

extension NavigationState {
    /// Whether `type` is SwiftUI's `NavigationPath.CodableRepresentation`, the one type
    /// `restore(as:)` repairs unless told otherwise.
    static func isNavigationPath(_ type: Any.Type) -> Bool {
        if #available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *) {
            return type == NavigationPath.CodableRepresentation.self
        }
        return false
    }
}
#else
import Foundation

extension NavigationState {
    /// Without SwiftUI no type is a `NavigationPath.CodableRepresentation`: `restore(as:)`
    /// repairs only when asked.
    static func isNavigationPath(_ type: Any.Type) -> Bool { false }
}
#endif
