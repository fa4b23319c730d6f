import Foundation

/// The one redemption of a claim: which install took it, how it found it, and when. The
/// install is the UUID the app generated and keeps; nothing about the device is stored.
public struct ClaimRedemption: Sendable, Equatable {
    public var install: UUID
    public var source: ClaimSource
    public var redeemedAt: Date

    public init(install: UUID, source: ClaimSource, redeemedAt: Date) {
        self.install = install
        self.source = source
        self.redeemedAt = redeemedAt
    }
}
