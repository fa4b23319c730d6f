import Dispatch
import SceneLinkCore
import SceneLinkHTTP

extension SceneStateEndpoints {
    /// Where scene documents are read and written. A document may run to megabytes (every key
    /// at the size limit), so its JSON never holds up an I/O queue, a reader or the writer.
    static let documentQueue = DispatchQueue.global(qos: .userInitiated)

    /// The scene of a scene route.
    static func sceneTarget(_ request: HTTPRequest) throws(Rejection) -> SceneID {
        do { return try SceneID(request.pathParameters["scene"] ?? "") } catch { throw .invalidIdentifier(error) }
    }

    /// `GET /v1/sessions/{id}/scenes`: the session's scenes with their tags and value counts.
    func listScenes(_ request: HTTPRequest, _ responder: HTTPResponder) {
        authorize(request, responder, target: { _ in () }) { session, _ throws(Rejection) in
            store.scenes(session: session.id) { result in
                responder.respond(Self.response(to: result) { scenes throws(Rejection) in
                    var response = HTTPResponse.json(SceneDocument.encode(scenes))
                    response.headers.set("Cache-Control", "private, no-cache")
                    return response
                })
            }
        }
    }

    /// `GET …/scenes/{scene}`: every value in one document (see `SceneDocument`), `ETag` of the scene.
    func getScene(_ request: HTTPRequest, _ responder: HTTPResponder) {
        authorize(request, responder, target: Self.sceneTarget) { session, scene throws(Rejection) in
            let conditions = try Self.conditions(request)
            store.scene(session: session.id, scene: scene) { result in
                Self.documentQueue.async {
                    responder.respond(Self.response(to: result) { snapshot throws(Rejection) in
                        guard let snapshot else { throw .sceneNotFound(scene) }
                        if let notModified = try Self.evaluateRead(conditions, current: snapshot.etag) { return notModified }
                        return Self.sceneResponse(snapshot, status: .ok)
                    })
                }
            }
        }
    }

    /// `PUT …/scenes/{scene}`: replaces every value at once; `If-Match` is on the scene's `ETag`.
    /// 201 when the scene is new, else 200, with the stored document.
    func putScene(_ request: HTTPRequest, _ responder: HTTPResponder) {
        authorize(request, responder, target: Self.sceneTarget) { session, scene throws(Rejection) in
            Self.documentQueue.async {
                do throws(Rejection) {
                    try replaceScene(request, session: session, scene: scene, responder: responder)
                } catch {
                    responder.respond(error.response)
                }
            }
        }
    }

    /// The authorized part of `putScene`, on the document queue.
    private func replaceScene(_ request: HTTPRequest, session: SessionRecord, scene: SceneID,
                              responder: HTTPResponder) throws(Rejection) {
        let limits = configuration.limits
        guard request.body.count <= configuration.maximumSceneDocumentBytes else {
            throw Rejection(.contentTooLarge, "scene-too-large", "Scene document too large",
                            "The scene document of \(request.body.count) bytes exceeds \(configuration.maximumSceneDocumentBytes) bytes; store fewer or smaller values.")
        }
        let values: [ValueKey: ValueContent]
        do throws(SceneDocument.DecodingError) { values = try SceneDocument.decode(request.body) } catch {
            throw .badRequest("invalid-scene-document", "Invalid scene document", error.detail)
        }
        // Sizes are checked before the precondition, so 413 wins over 412 (RFC 9110 §13.2.1).
        if let large = values.values.first(where: { $0.bytes.count > limits.maximumValueBytes }) {
            throw .valueTooLarge(bytes: large.bytes.count, limit: limits.maximumValueBytes)
        }
        // A value declared JSON is JSON here as in a single value's save.
        for value in values.values { try Self.checkDeclaredJSON(value.bytes, contentType: value.contentType) }
        store.replaceScene(values, session: session.id, scene: scene, precondition: try Self.conditions(request),
                           limits: limits) { [metrics] result in
            if case .failure(.sessionTooLarge) = result { metrics?.recordQuotaRefusal() }
            Self.documentQueue.async {
                responder.respond(Self.response(to: result) { outcome throws(Rejection) in
                    var response = Self.sceneResponse(outcome.snapshot, status: outcome.created ? .created : .ok)
                    if outcome.created { response.headers.set("Location", "/v1/sessions/\(session.id)/scenes/\(scene)") }
                    return response
                })
            }
        }
    }

    /// `DELETE …/scenes/{scene}`: 204; the system discarded the scene.
    func deleteScene(_ request: HTTPRequest, _ responder: HTTPResponder) {
        authorize(request, responder, target: Self.sceneTarget) { session, scene throws(Rejection) in
            store.deleteScene(session: session.id, scene: scene, precondition: try Self.conditions(request)) { result in
                responder.respond(Self.response(to: result) { deleted throws(Rejection) in
                    guard deleted else { throw .sceneNotFound(scene) }
                    return HTTPResponse(status: .noContent)
                })
            }
        }
    }

    private static func sceneResponse(_ snapshot: SceneSnapshot, status: HTTPStatus) -> HTTPResponse {
        var response = HTTPResponse.json(SceneDocument.encode(snapshot), status: status)
        response.headers.set("ETag", snapshot.etag.headerValue)
        response.headers.set("Cache-Control", "private, no-cache")
        return response
    }
}
