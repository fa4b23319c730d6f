import Foundation

/// What a link resolves to: the route, its parameters and the whole back stack.
///
/// `navigationPath` is ready for SwiftUI:
/// ```swift
/// let resolution = try await client.resolve(URL(string: "fuelmoney://settings/account")!)
/// path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self,
///                                                from: resolution.navigationPath))
/// ```
public struct LinkResolution: Sendable, Hashable {
    /// The link as resolved.
    public var link: String
    /// The full name of the route that took it (`settings.account`); nil for the empty stack
    /// of an app without a `/` route.
    public var route: String?
    /// The route's parameters by name.
    public var parameters: [String: SceneLinkJSON]
    /// The stack in push order (root first).
    public var elements: [LinkElement]
    /// The stack as `NavigationPath.CodableRepresentation` JSON (top first), ready for
    /// `JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from:)`.
    public var navigationPath: Data
    /// The sidebar element of a split view (`NavigationSplitView`), when the route has one.
    public var selection: LinkElement?
    /// The canonical links of the same screen.
    public var canonical: ScreenLinks

    /// Creates a resolution.
    public init(link: String, route: String?, parameters: [String: SceneLinkJSON], elements: [LinkElement],
                navigationPath: Data, selection: LinkElement?, canonical: ScreenLinks) {
        self.link = link
        self.route = route
        self.parameters = parameters
        self.elements = elements
        self.navigationPath = navigationPath
        self.selection = selection
        self.canonical = canonical
    }
}
