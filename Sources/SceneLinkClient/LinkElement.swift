import Foundation

/// One element of a resolved stack: its type in the route file, its Swift tag and its value.
///
/// ```swift
/// // The FuelMoney app: every screen is a case of `enum HomePath: Int, Codable`.
/// let screens = try resolution.elements.map { try $0.value.decode(HomePath.self) }
/// ```
public struct LinkElement: Sendable, Hashable, Codable {
    /// The type's name in the route file, such as `HomePath`.
    public var type: String
    /// The Swift type name SwiftUI writes for it, such as `FuelMoney.HomePath`.
    public var tag: String
    /// The value as the app's `JSONEncoder` writes it.
    public var value: SceneLinkJSON

    /// Creates an element.
    public init(type: String, tag: String, value: SceneLinkJSON) {
        self.type = type
        self.tag = tag
        self.value = value
    }
}
