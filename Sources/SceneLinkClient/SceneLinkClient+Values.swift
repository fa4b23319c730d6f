import Foundation

extension SceneLinkClient {
    /// Reads the value saved under `key` in `scene`.
    ///
    /// With `repair`, a stored `NavigationPath.CodableRepresentation` that this version of the
    /// app can no longer show entirely (an app update removed a screen) comes back cut to its
    /// valid prefix, and `droppedElements` says how many elements went.
    ///
    /// ```swift
    /// if let saved = try await client.restore(scene: "main", key: "path", repair: true) {
    ///     etag = saved.etag
    ///     path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: saved.data))
    /// }
    /// ```
    /// - Parameters:
    ///   - scene: the scene, such as `main` (letters, digits, `-._~`).
    ///   - key: the value's key, as in `@SceneStorage("path")`.
    ///   - repair: cut a stale navigation path to what the current route file accepts.
    /// - Returns: the value, or nil when nothing is stored under the key.
    /// - Throws: `.sessionExpired`, `.unknownToken`, `.problem` (`422 not-a-navigation-path` when `repair` is
    ///   asked of a value that is not a path), or another `SceneLinkError`.
    public func restore(scene: String, key: String, repair: Bool = false) async throws(SceneLinkError) -> SavedValue? {
        var endpoint = valueEndpoint("GET", scene: scene, key: key)
        if repair { endpoint.query = [("repair", "navigationPath")] }
        let response = try await send(endpoint).response
        switch response.status {
        case 200:
            guard let etag = response.header("ETag") else {
                throw .unexpectedResponse(status: 200, reason: "the value came without an ETag.")
            }
            let dropped = response.header("SceneLink-Repaired-Elements").flatMap { Int($0) } ?? 0
            return SavedValue(data: response.body, contentType: response.header("Content-Type") ?? "application/octet-stream",
                              etag: etag, droppedElements: dropped)
        case 404:
            let error = failure(response, sessionCall: true)
            if case .problem(let problem) = error, problem.slug == "value-not-found" { return nil }
            throw error
        default:
            throw failure(response, sessionCall: true)
        }
    }

    /// Saves `data` under `key` in `scene`, byte for byte, with its content type.
    ///
    /// With `ifMatch`, the save happens only if the stored revision is still that one; with
    /// `ifNoneMatch: "*"`, only if nothing is stored yet. When the condition fails the save
    /// throws `.valueConflict(current:)` with what the server holds now. (A retried save whose
    /// first attempt did land finds its own bytes there and succeeds.)
    ///
    /// ```swift
    /// etag = try await client.save(data, scene: "main", key: "path", contentType: "application/json", ifMatch: etag)
    /// ```
    /// - Returns: the new revision's `ETag`.
    /// - Throws: `.valueConflict`, `.sessionExpired`, `.unknownToken`, `.problem` (`413` for a value over the
    ///   server's limit, `409` past the keys-per-scene limit), or another `SceneLinkError`.
    @discardableResult
    public func save(_ data: Data, scene: String, key: String, contentType: String = "application/octet-stream",
                     ifMatch: String? = nil, ifNoneMatch: String? = nil) async throws(SceneLinkError) -> String {
        var endpoint = valueEndpoint("PUT", scene: scene, key: key)
        endpoint.body = data
        endpoint.headers["Content-Type"] = contentType
        if let ifMatch { endpoint.headers["If-Match"] = ifMatch }
        if let ifNoneMatch { endpoint.headers["If-None-Match"] = ifNoneMatch }
        let exchange = try await send(endpoint)
        let response = exchange.response
        switch response.status {
        case 200, 201, 204:
            guard let etag = response.header("ETag") else {
                throw .unexpectedResponse(status: response.status, reason: "the save was answered without an ETag.")
            }
            return etag
        case 412:
            let current = try await restore(scene: scene, key: key)
            if exchange.attempts > 1, let current, current.data == data, current.contentType == contentType {
                return current.etag
            }
            throw .valueConflict(current: current)
        default:
            throw failure(response, sessionCall: true)
        }
    }

    /// Deletes the value under `key` in `scene`.
    /// - Parameter ifMatch: delete only this revision (`.valueConflict` otherwise).
    /// - Returns: true when a value was deleted, false when nothing was stored.
    /// - Throws: `.valueConflict`, `.sessionExpired`, `.unknownToken`, or another `SceneLinkError`.
    @discardableResult
    public func forget(scene: String, key: String, ifMatch: String? = nil) async throws(SceneLinkError) -> Bool {
        var endpoint = valueEndpoint("DELETE", scene: scene, key: key)
        if let ifMatch { endpoint.headers["If-Match"] = ifMatch }
        let response = try await send(endpoint).response
        switch response.status {
        case 200, 204:
            return true
        case 404:
            let error = failure(response, sessionCall: true)
            if case .problem(let problem) = error, problem.slug == "value-not-found" { return false }
            throw error
        case 412:
            throw .valueConflict(current: try await restore(scene: scene, key: key))
        default:
            throw failure(response, sessionCall: true)
        }
    }

    private func valueEndpoint(_ method: String, scene: String, key: String) -> Endpoint {
        Endpoint(method: method, path: ["v1", "sessions", session?.id ?? "", "scenes", scene, "values", key], needsSession: true)
    }
}
