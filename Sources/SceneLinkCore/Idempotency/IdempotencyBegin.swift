import Foundation

/// What a store found when a create with an `Idempotency-Key` began.
public enum IdempotencyBegin: Sendable, Equatable {
    /// The key is new (or its record expired, or a first attempt was abandoned past its lease):
    /// it is held for this request until `leaseUntil`; go on and create.
    case proceed
    /// The first request with this key finished: answer what it answered (its body still sealed).
    case replay(status: Int, location: String?, sealedBody: [UInt8])
    /// The key was used with another body. → 422
    case mismatch
    /// A request with this key is still in flight (or its outcome is in doubt) until `until`. → 409
    case inFlight(until: Date)
}
