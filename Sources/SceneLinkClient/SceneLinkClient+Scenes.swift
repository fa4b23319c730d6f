import Foundation

extension SceneLinkClient {
    /// Reads every value of `scene` in one round trip (at launch, say).
    ///
    /// ```swift
    /// if let scene = try await client.restoreScene("main") {
    ///     let path = scene.values["path"]?.data
    ///     let tab = scene.values["tab"].map { String(decoding: $0.data, as: UTF8.self) }
    /// }
    /// ```
    /// - Returns: the scene, or nil when the session has no such scene.
    /// - Throws: `.sessionExpired`, `.unknownToken`, or another `SceneLinkError`.
    public func restoreScene(_ scene: String) async throws(SceneLinkError) -> SavedScene? {
        let response = try await send(sceneEndpoint("GET", scene: scene)).response
        switch response.status {
        case 200:
            return try savedScene(response)
        case 404:
            let error = failure(response, sessionCall: true)
            if case .problem(let problem) = error, problem.slug == "scene-not-found" { return nil }
            throw error
        default:
            throw failure(response, sessionCall: true)
        }
    }

    /// Replaces every value of `scene` at once, atomically: keys not in `values` are deleted.
    ///
    /// With `ifMatch` (the scene's `ETag`), only if nothing in the scene changed since; with
    /// `ifNoneMatch: "*"`, only if the scene does not exist yet. A failed condition throws
    /// `.sceneConflict(current:)` with the scene the server holds now.
    ///
    /// ```swift
    /// let saved = try await client.saveScene(["path": SceneValue(data: pathData, contentType: "application/json"),
    ///                                         "tab": SceneValue(text: "settings")],
    ///                                        scene: "main", ifMatch: sceneETag)
    /// sceneETag = saved.etag
    /// ```
    /// - Returns: the scene as stored, with the new `ETag`s.
    /// - Throws: `.sceneConflict`, `.sessionExpired`, `.unknownToken`, `.problem` (`413`, `409` past a limit), or
    ///   another `SceneLinkError`.
    @discardableResult
    public func saveScene(_ values: [String: SceneValue], scene: String, ifMatch: String? = nil,
                          ifNoneMatch: String? = nil) async throws(SceneLinkError) -> SavedScene {
        var endpoint = sceneEndpoint("PUT", scene: scene)
        let document = SceneUpdateWire(values: values.mapValues {
            SceneUpdateWire.Value(contentType: $0.contentType, base64: $0.data.base64EncodedString())
        })
        do {
            endpoint.body = try JSONEncoder().encode(document)
        } catch {
            throw .coding("the scene document could not be encoded (\(error)).")
        }
        endpoint.headers["Content-Type"] = "application/json"
        if let ifMatch { endpoint.headers["If-Match"] = ifMatch }
        if let ifNoneMatch { endpoint.headers["If-None-Match"] = ifNoneMatch }
        let exchange = try await send(endpoint)
        let response = exchange.response
        switch response.status {
        case 200, 201:
            return try savedScene(response)
        case 412:
            let current = try await restoreScene(scene)
            if exchange.attempts > 1, let current,
               current.values.mapValues({ SceneValue(data: $0.data, contentType: $0.contentType) }) == values {
                return current
            }
            throw .sceneConflict(current: current)
        default:
            throw failure(response, sessionCall: true)
        }
    }

    /// Deletes `scene` and every value in it (the system discarded the scene).
    /// - Parameter ifMatch: delete only this revision of the scene (`.sceneConflict` otherwise).
    /// - Returns: true when a scene was deleted, false when there was none.
    /// - Throws: `.sceneConflict`, `.sessionExpired`, `.unknownToken`, or another `SceneLinkError`.
    @discardableResult
    public func forgetScene(_ scene: String, ifMatch: String? = nil) async throws(SceneLinkError) -> Bool {
        var endpoint = sceneEndpoint("DELETE", scene: scene)
        if let ifMatch { endpoint.headers["If-Match"] = ifMatch }
        let response = try await send(endpoint).response
        switch response.status {
        case 200, 204:
            return true
        case 404:
            let error = failure(response, sessionCall: true)
            if case .problem(let problem) = error, problem.slug == "scene-not-found" { return false }
            throw error
        case 412:
            throw .sceneConflict(current: try await restoreScene(scene))
        default:
            throw failure(response, sessionCall: true)
        }
    }

    /// The session's scenes, each with its `ETag` and how many values it holds.
    /// - Throws: `.sessionExpired`, `.unknownToken`, or another `SceneLinkError`.
    public func scenes() async throws(SceneLinkError) -> [SavedSceneSummary] {
        let endpoint = Endpoint(method: "GET", path: ["v1", "sessions", session?.id ?? "", "scenes"], needsSession: true)
        let response = try await send(endpoint).response
        guard response.status == 200 else { throw failure(response, sessionCall: true) }
        return try decode(SceneListWire.self, from: response, what: "scene list").scenes
    }

    private func sceneEndpoint(_ method: String, scene: String) -> Endpoint {
        Endpoint(method: method, path: ["v1", "sessions", session?.id ?? "", "scenes", scene], needsSession: true)
    }

    private func savedScene(_ response: TransportResponse) throws(SceneLinkError) -> SavedScene {
        let wire = try decode(SceneWire.self, from: response, what: "scene document")
        var values: [String: SavedValue] = [:]
        for (key, value) in wire.values {
            guard let data = Data(base64Encoded: value.base64) else {
                throw .unexpectedResponse(status: response.status, reason: "the base64 of the value '\(key)' is not valid.")
            }
            values[key] = SavedValue(data: data, contentType: value.contentType, etag: value.etag)
        }
        return SavedScene(name: wire.scene, etag: wire.etag, values: values)
    }
}

/// The scene document of `GET` and `PUT …/scenes/{scene}` answers.
private struct SceneWire: Decodable {
    struct Value: Decodable {
        var contentType: String
        var etag: String
        var base64: String
    }
    var scene: String
    var etag: String
    var values: [String: Value]
}

/// The body of a scene `PUT`.
private struct SceneUpdateWire: Encodable {
    struct Value: Encodable {
        var contentType: String
        var base64: String
    }
    var values: [String: Value]
}

/// `GET …/scenes`.
private struct SceneListWire: Decodable {
    var scenes: [SavedSceneSummary]
}
