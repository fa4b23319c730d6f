import SceneLinkCore
import SceneLinkHTTP

/// The problem+json answers of the key routes (`https://scenelink.dev/problems/<slug>`).
package enum APIKeyProblems {
    package static func badBody(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: HTTPProblem.typeBase + "invalid-key-request", title: "Invalid key request", detail: detail)
    }


    package static let notFound = HTTPProblem(
        status: .notFound, type: HTTPProblem.typeBase + "key-not-found", title: "No such API key",
        detail: "No API key has this id; list them with GET /v1/keys.")

    /// The answer for a store error: 409 for a taken name, the store failure's otherwise.
    package static func store(_ error: APIKeyStoreError) -> HTTPResponse {
        switch error {
        case .nameExists:
            HTTPProblem(status: .conflict, type: HTTPProblem.typeBase + "key-name-exists", title: "Key name taken",
                        detail: error.description).response()
        case .failure(let failure):
            failure.response
        }
    }
}
