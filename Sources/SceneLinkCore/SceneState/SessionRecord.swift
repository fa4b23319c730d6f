import Foundation

/// A session as stored: never the token, only its SHA-256.
public struct SessionRecord: Hashable, Sendable {
    public var id: SessionID
    /// SHA-256 of the token's UTF-8 bytes (32 bytes).
    public var tokenHash: [UInt8]
    public var createdAt: Date
    /// The session and all its scenes are gone after this instant; use moves it forward.
    public var expiresAt: Date

    public init(id: SessionID, tokenHash: [UInt8], createdAt: Date, expiresAt: Date) {
        self.id = id
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// True when the session is expired at `now` (answered as if it did not exist).
    public func isExpired(at now: Date) -> Bool { expiresAt <= now }
}
