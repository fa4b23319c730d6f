import Foundation

extension SceneLinkClient {
    /// Redeems a claim on the app's first launch: the deferred deep link.
    ///
    /// `claim` is whatever the app found, sent as found; the server reads it:
    /// - on Android, the Play Install Referrer string (`InstallReferrerClient`'s
    ///   `installReferrer`, such as `scenelink_claim=…` or `utm_source=…&scenelink_claim=…`);
    /// - on iOS, a claim URL the person pasted (`https://HOST/c/TOKEN`, from `UIPasteControl`) or
    ///   that opened the app, or the code they typed (`ABCD-EFGH`, any case, hyphen optional).
    ///
    /// `install` is a UUID the app makes once and keeps (say in the Keychain or
    /// `UserDefaults`): retrying with it gets the same answer, so a lost response is harmless.
    ///
    /// ```swift
    /// let claimed = try await client.redeemClaim("ABCD-EFGH", install: installID)
    /// show(claimed.resolution)   // the screen the person tapped before installing
    /// ```
    /// - Throws: `.problem` with `404 claim-not-found` (unknown: check the typed code),
    ///   `409 claim-redeemed` (another install took it), `410 claim-expired` (the code after an
    ///   hour, the claim after a week), `400 invalid-claim-redemption` (not a claim; `detail`
    ///   says why), `429` (too many tries); or another `SceneLinkError`.
    public func redeemClaim(_ claim: String, install: UUID) async throws(SceneLinkError) -> ClaimedLink {
        let body: Data
        do {
            body = try JSONEncoder().encode(RedeemWire(claim: claim, install: install.uuidString))
        } catch {
            throw .coding("the claim could not be encoded (\(error)).")
        }
        var endpoint = Endpoint(method: "POST", path: ["v1", "claims", "redeem"], body: body)
        endpoint.headers["Content-Type"] = "application/json"
        let response = try await send(endpoint).response
        guard response.status == 200 else { throw failure(response, sessionCall: false) }
        let resolution = try linkResolution(from: response, what: "redeemed claim")
        let wire = try decode(ClaimAnswerWire.self, from: response, what: "redeemed claim")
        guard let source = ClaimSource(rawValue: wire.claim.source) else {
            throw .coding("the redeemed claim's source '\(wire.claim.source)' is not referrer, url or code.")
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        guard let redeemedAt = formatter.date(from: wire.claim.redeemedAt) ?? plain.date(from: wire.claim.redeemedAt) else {
            throw .coding("the redeemed claim's redeemedAt '\(wire.claim.redeemedAt)' is not an RFC 3339 instant.")
        }
        return ClaimedLink(resolution: resolution, source: source, redeemedAt: redeemedAt, shortLink: wire.claim.shortLink)
    }

    /// Redeems the claim in a Play Install Referrer string (Android's first launch).
    ///
    /// The same as `redeemClaim(_:install:)`, named for the call site:
    /// ```swift
    /// let claimed = try await client.redeemClaim(playReferrer: details.installReferrer, install: installID)
    /// ```
    public func redeemClaim(playReferrer: String, install: UUID) async throws(SceneLinkError) -> ClaimedLink {
        try await redeemClaim(playReferrer, install: install)
    }

    /// Redeems the claim of a pasted or opened claim URL (`https://HOST/c/TOKEN`).
    public func redeemClaim(url: URL, install: UUID) async throws(SceneLinkError) -> ClaimedLink {
        try await redeemClaim(url.absoluteString, install: install)
    }

    /// Redeems the claim of a code the person typed (`ABCD-EFGH`; any case, hyphen optional).
    public func redeemClaim(code: String, install: UUID) async throws(SceneLinkError) -> ClaimedLink {
        try await redeemClaim(code, install: install)
    }
}

/// `POST /v1/claims/redeem`'s body.
private struct RedeemWire: Encodable {
    var claim: String
    var install: String
}

/// The `claim` member of a redeemed claim's answer.
private struct ClaimAnswerWire: Decodable {
    struct Claim: Decodable {
        var source: String
        var redeemedAt: String
        /// Absent from servers before analytics.
        var shortLink: String?
    }
    var claim: Claim
}
