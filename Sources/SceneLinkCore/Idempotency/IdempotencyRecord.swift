import Foundation

/// A finished idempotent create, written by the store in the same transaction as the create
/// itself: either both are stored or neither, so a retry after a commit in doubt either
/// replays the first answer or creates once.
public struct IdempotencyRecord: Sendable, Equatable {
    public var keyHash: [UInt8]
    public var fingerprint: [UInt8]
    /// When the key was first used: it is kept `IdempotencyRecord.lifetime` from then.
    public var createdAt: Date
    public var status: Int
    public var location: String?
    public var sealedBody: [UInt8]

    /// How long a key answers the same: 24 hours, then the sweep deletes it and it is new again.
    public static let lifetime: TimeInterval = 24 * 3_600

    public init(request: IdempotentRequest, createdAt: Date, answer: IdempotentAnswer) {
        keyHash = request.keyHash
        fingerprint = request.fingerprint
        self.createdAt = createdAt
        status = answer.status
        location = answer.location
        sealedBody = answer.sealedBody(with: request.answerKey)
    }
}
