import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The problem+json answers of `POST /v1/claims/redeem`.
enum ClaimProblems {
    static let base = "https://scenelink.dev/problems/"

    static func badBody(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: base + "invalid-claim-redemption", title: "Invalid claim redemption", detail: detail)
    }

    static let notFound = HTTPProblem(
        status: .notFound, type: base + "claim-not-found", title: "No such claim",
        detail: "No claim has this token or code; check what was typed, or open the link again to get a new code.")

    static let redeemedByAnotherInstall = HTTPProblem(
        status: .conflict, type: base + "claim-redeemed", title: "Claim already redeemed",
        detail: "Another install of the app redeemed this claim; a claim opens its link on one install only.")

    static let expired = HTTPProblem(
        status: .gone, type: base + "claim-expired", title: "Claim expired",
        detail: "This claim (or its short code) has expired; open the link again to get a new one.")

    /// 503 or 500 for a store failure, as the short-link endpoints answer one.
    static func store(_ error: ClaimStoreError) -> HTTPResponse {
        switch error {
        case .closed, .unavailable:
            return HTTPProblem(status: .serviceUnavailable, type: base + "store-unavailable", title: "Store unavailable",
                               detail: error.description).response(headers: ["Retry-After": "1"])
        case .exists, .storage:
            return HTTPProblem(status: .internalServerError, type: base + "store-failed", title: "Store failed",
                               detail: error.description).response()
        }
    }
}
