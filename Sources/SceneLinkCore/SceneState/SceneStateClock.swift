import Foundation

/// Where "now" comes from, injected so that expiry can be tested without waiting.
///
/// ```swift
/// let clock = SceneStateClock.system
/// let frozen = SceneStateClock { Date(timeIntervalSince1970: 1_000) }
/// ```
public struct SceneStateClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) { read = now }

    /// The wall clock.
    public static let system = SceneStateClock { Date() }

    public func now() -> Date { read() }
}
