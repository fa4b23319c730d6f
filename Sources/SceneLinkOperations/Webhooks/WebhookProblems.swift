import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The problem+json answers of the webhook endpoints (`https://scenelink.dev/problems/<slug>`).
package enum WebhookProblems {

    package static func badBody(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-webhook", title: "Invalid webhook request", detail: detail)
    }

    package static func refusedTarget(_ refusal: WebhookTarget.Refusal) -> HTTPProblem {
        HTTPProblem(status: .unprocessableContent, type: HTTPProblem.typeBase + "webhook-target-refused", title: "Webhook target refused",
                    detail: refusal.description)
    }

    package static let notFound = HTTPProblem(
        status: .notFound, type: HTTPProblem.typeBase + "webhook-not-found", title: "No such webhook endpoint",
        detail: "No webhook endpoint has this id; list them with GET /v1/webhooks.")

    package static let messageNotFound = HTTPProblem(
        status: .notFound, type: HTTPProblem.typeBase + "webhook-message-not-found", title: "No such message for this endpoint",
        detail: "This endpoint never had a delivery with this message id; see GET /v1/webhooks/{id}/deliveries.")

    /// 409: nothing is sent to a disabled endpoint, so a test or a replay would wait forever.
    package static func disabled(_ endpoint: WebhookEndpoint) -> HTTPProblem {
        let when = endpoint.disabledAt.map { " at \(RFC3339.string($0))" } ?? ""
        let why = endpoint.disabledReason.map { " (\($0))" } ?? ""
        return HTTPProblem(
            status: .conflict, type: HTTPProblem.typeBase + "webhook-disabled", title: "Webhook endpoint disabled",
            detail: "The endpoint was disabled\(when)\(why), so nothing is sent to it; re-enable it with "
                + "PATCH /v1/webhooks/\(endpoint.id) and {\"enabled\": true}, then try again.")
    }


    /// The answer for a store failure.
    package static func store(_ error: WebhookStoreError) -> HTTPResponse {
        switch error {
        case .failure(let failure): failure.response
        }
    }
}
