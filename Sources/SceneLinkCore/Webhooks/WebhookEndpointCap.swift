/// The per-endpoint limit a delivery claim respects: at most `maximumPerEndpoint` attempts in
/// flight to one endpoint at once, less the `inFlight` this worker already has to it. So one
/// slow endpoint with a big backlog cannot take every slot, and a claim never leases a delivery
/// the worker will not attempt now (a leased-but-unsent delivery would count an attempt).
///
/// The cap is per instance: each worker counts only its own attempts, so N instances sharing
/// one PostgreSQL outbox may have up to N × `maximumPerEndpoint` attempts to one endpoint.
///
/// ```swift
/// let cap = WebhookEndpointCap(maximumPerEndpoint: 16, inFlight: ["ep_slow": 16])
/// cap.room(for: "ep_slow")   // 0: its deliveries are left for later
/// cap.room(for: "ep_fast")   // 16
/// ```
public struct WebhookEndpointCap: Sendable, Equatable {
    /// Attempts in flight to one endpoint at once, at most.
    public var maximumPerEndpoint: Int
    /// This worker's attempts in flight, by endpoint id (endpoints with none may be left out).
    public var inFlight: [String: Int]

    public init(maximumPerEndpoint: Int, inFlight: [String: Int] = [:]) {
        self.maximumPerEndpoint = maximumPerEndpoint
        self.inFlight = inFlight
    }

    /// No per-endpoint limit (only the claim's `limit`): for tools and tests.
    public static let none = WebhookEndpointCap(maximumPerEndpoint: Int(Int32.max))

    /// How many more deliveries to `endpointID` a claim may take now.
    public func room(for endpointID: String) -> Int {
        max(0, maximumPerEndpoint - (inFlight[endpointID] ?? 0))
    }
}
