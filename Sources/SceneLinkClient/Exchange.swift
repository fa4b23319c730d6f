import Foundation

/// An answer and how many sends it took (a retried write that answers `412` may be its own
/// earlier attempt, which `save` checks).
struct Exchange: Sendable {
    var response: TransportResponse
    var attempts: Int
}
