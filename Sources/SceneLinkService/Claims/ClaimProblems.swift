import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The problem+json answers of `POST /v1/claims/redeem`.
enum ClaimProblems {

    static func badBody(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-claim-redemption", title: "Invalid claim redemption", detail: detail)
    }

    static let notFound = HTTPProblem(
        status: .notFound, type: HTTPProblem.typeBase + "claim-not-found", title: "No such claim",
        detail: "No claim has this token or code; check what was typed, or open the link again to get a new code.")

    static let redeemedByAnotherInstall = HTTPProblem(
        status: .conflict, type: HTTPProblem.typeBase + "claim-redeemed", title: "Claim already redeemed",
        detail: "Another install of the app redeemed this claim; a claim opens its link on one install only.")

    static let expired = HTTPProblem(
        status: .gone, type: HTTPProblem.typeBase + "claim-expired", title: "Claim expired",
        detail: "This claim (or its short code) has expired; open the link again to get a new one.")

    /// 503 or 500 for a store failure, as every endpoint answers one (`StoreFailure.response`).
    static func store(_ error: ClaimStoreError) -> HTTPResponse {
        switch error {
        case .failure(let failure): failure.response
        // Drawn again up to three times before this: storage that keeps colliding has failed.
        case .exists: StoreFailure.storage(message: error.description).response
        }
    }
}
