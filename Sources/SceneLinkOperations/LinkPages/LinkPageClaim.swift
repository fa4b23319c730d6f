import Foundation
import SceneLinkCore

/// The claim a phone's link page hands its visitor (see `ClaimEndpoints`): on Android the Play
/// button carries the token as the install referrer; on iOS the page shows the short code and
/// a button that copies the claim URL.
public struct LinkPageClaim: Sendable, Equatable {
    public var token: ClaimToken
    /// The code to type; nil on the page `GET /c/TOKEN` shows again once the code has expired.
    public var code: ClaimCode?
    /// The host of the claim URL (`https://HOST/c/TOKEN`); nil when the route file lists none.
    public var host: String?

    public init(token: ClaimToken, code: ClaimCode?, host: String?) {
        self.token = token
        self.code = code
        self.host = host
    }

    /// The claim URL the copy button copies.
    public var url: String? { host.map { token.claimURL(host: $0) } }

    /// `target` with the Play Install Referrer `scenelink_claim=TOKEN` (percent-encoded) added,
    /// when it is a Google Play page (and has no `referrer` of its own); any other target is
    /// returned as it is.
    public func playStoreURL(_ target: String) -> String {
        LinkCampaign.none.destination(target, referrerPairs: [token.playReferrer])
    }
}
