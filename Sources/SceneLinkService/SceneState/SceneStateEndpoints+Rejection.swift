import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension SceneStateEndpoints {
    /// A request refused with a problem+json answer (and the headers that go with it).
    struct Rejection: Error, ResponseError {
        var problem: HTTPProblem
        var headers: HTTPHeaders = [:]

        var response: HTTPResponse { problem.response(headers: headers) }

        init(_ status: HTTPStatus, _ slug: String, _ title: String, _ detail: String, headers: HTTPHeaders = [:]) {
            problem = HTTPProblem(status: status, type: HTTPProblem.typeBase + slug, title: title, detail: detail)
            self.headers = headers
        }

        /// The one answer every endpoint gives a store failure (`StoreFailure.problem`).
        init(_ failure: StoreFailure) {
            problem = failure.problem
            headers = failure.headers
        }

        static func invalidIdentifier(_ error: SceneStateIdentifierError) -> Rejection {
            Rejection(.badRequest, "invalid-identifier", "Invalid identifier", error.description)
        }

        /// 401 with the challenge of RFC 6750 §3.
        static func unauthorized(_ detail: String, invalidToken: Bool) -> Rejection {
            let challenge = invalidToken ? "Bearer realm=\"scenelink\", error=\"invalid_token\"" : "Bearer realm=\"scenelink\""
            return Rejection(.unauthorized, "unauthorized", "Session token required", detail,
                             headers: ["WWW-Authenticate": challenge])
        }

        /// 401 for a token of no session on an id no session has (any more): the session expired
        /// and was swept away, or was ended. Opening a new session is the remedy.
        static let sessionEnded = Rejection(
            .unauthorized, "session-ended", "Session expired or ended",
            "No session has this id any more (it expired after being idle, or was ended) and the token is no session's; open a new one with POST /v1/sessions.",
            headers: ["WWW-Authenticate": "Bearer realm=\"scenelink\", error=\"invalid_token\""])

        /// 401 for a token of no session on the id of a live session: the client's credentials are
        /// damaged. A new session would not mend that, and would leave this session's state behind.
        static let unknownToken = Rejection(
            .unauthorized, "unknown-token", "Unknown session token",
            "The session with this id is live, but the bearer token is not its token nor any other session's; send the token POST /v1/sessions returned with this id (the stored credentials may be damaged).",
            headers: ["WWW-Authenticate": "Bearer realm=\"scenelink\", error=\"invalid_token\""])

        static let sessionNotFound = Rejection(
            .notFound, "session-not-found", "No such session",
            "No live session has this id for this token (it never existed, has ended or has expired); open a new one with POST /v1/sessions.")

        static func valueNotFound(_ key: ValueKey, scene: SceneID) -> Rejection {
            Rejection(.notFound, "value-not-found", "No stored value",
                      "Nothing is stored under key '\(key)' in scene '\(scene)'; start at the root and save the state with PUT.")
        }

        static func sceneNotFound(_ scene: SceneID) -> Rejection {
            Rejection(.notFound, "scene-not-found", "No such scene",
                      "The session has no scene '\(scene)'; start at the root and save the scene with PUT.")
        }

        static func invalidCondition(_ error: EntityTagConditionError) -> Rejection {
            Rejection(.badRequest, "invalid-precondition", "Malformed conditional header", error.description)
        }

        static func valueTooLarge(bytes: Int, limit: Int) -> Rejection {
            Rejection(.contentTooLarge, "value-too-large", "Value too large",
                      "A value of \(bytes) bytes exceeds the limit of \(limit) bytes; store less state per key.")
        }

        static func badRequest(_ slug: String, _ title: String, _ detail: String) -> Rejection {
            Rejection(.badRequest, slug, title, detail)
        }

        /// The answer for a store failure.
        static func store(_ error: SceneStateStoreError) -> Rejection {
            switch error {
            case .sessionNotFound:
                return .sessionNotFound
            case .preconditionFailed(let current):
                var headers: HTTPHeaders = [:]
                if let current { headers.set("ETag", current.headerValue) }
                return Rejection(.preconditionFailed, "precondition-failed", "Precondition failed",
                                 error.description, headers: headers)
            case .tooManyKeys:
                return Rejection(.conflict, "too-many-keys", "Too many keys in the scene", error.description)
            case .tooManyScenes:
                return Rejection(.conflict, "too-many-scenes", "Too many scenes in the session", error.description)
            case .sessionTooLarge:
                return Rejection(.conflict, "session-too-large", "Session quota reached", error.description)
            case .valueTooLarge(let bytes, let limit):
                return .valueTooLarge(bytes: bytes, limit: limit)
            case .failure(let failure):
                return Rejection(failure)
            case .sessionExists:
                // Drawn again before this: storage that keeps colliding on 256-bit ids has failed.
                return Rejection(.storage(message: error.description))
            }
        }
    }
}
