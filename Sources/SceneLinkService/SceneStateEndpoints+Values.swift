import Foundation
import SceneLinkCore
import SceneLinkHTTP

extension SceneStateEndpoints {
    /// The session, scene and key of a value route, validated and authorized.
    private func valueTarget(_ request: HTTPRequest) async throws(Rejection) -> (SessionRecord, SceneID, ValueKey) {
        let scene: SceneID, key: ValueKey
        do {
            scene = try SceneID(request.pathParameters["scene"] ?? "")
            key = try ValueKey(request.pathParameters["key"] ?? "")
        } catch {
            throw .invalidIdentifier(error)
        }
        return (try await authorize(request), scene, key)
    }

    /// `PUT …/values/{key}`: stores the body byte-for-byte with its `Content-Type`.
    /// 201 when the key was new, 204 on update; `ETag` on both.
    func putValue(_ request: HTTPRequest) async throws(Rejection) -> HTTPResponse {
        let (session, scene, key) = try await valueTarget(request)
        let (content, precondition) = try putInput(request)
        let outcome: ValueWriteOutcome
        do {
            outcome = try await store.putValue(content, session: session.id, scene: scene, key: key,
                                               precondition: precondition, limits: configuration.limits)
        } catch {
            throw .store(error)
        }
        return Self.putResponse(outcome, session: session.id, scene: scene, key: key)
    }

    /// The value and precondition of a value PUT, checked in the order of RFC 9110 §13.2.1.
    func putInput(_ request: HTTPRequest) throws(Rejection) -> (ValueContent, Precondition) {
        let limit = configuration.limits.maximumValueBytes
        guard request.body.count <= limit else { throw .valueTooLarge(bytes: request.body.count, limit: limit) }
        let contentType = try Self.contentType(request)
        let precondition = try Self.conditions(request)
        return (ValueContent(bytes: request.body, contentType: contentType), precondition)
    }

    /// The answer to a stored value PUT: 201 with `Location` for a new key, else 204.
    static func putResponse(_ outcome: ValueWriteOutcome, session: SessionID, scene: SceneID, key: ValueKey) -> HTTPResponse {
        var response = HTTPResponse(status: outcome.created ? .created : .noContent)
        response.headers.set("ETag", outcome.value.etag.headerValue)
        if outcome.created {
            response.headers.set("Location", "/v1/sessions/\(session)/scenes/\(scene)/values/\(key)")
        }
        return response
    }

    /// `GET …/values/{key}`: the stored bytes with their content type, or 304 / 404 / 412;
    /// with `?repair=navigationPath`, the valid prefix of a stale path.
    func getValue(_ request: HTTPRequest) async throws(Rejection) -> HTTPResponse {
        let (session, scene, key) = try await valueTarget(request)
        let (repairRequested, conditions) = try getInput(request)
        let stored: StoredValue?
        do { stored = try await store.value(session: session.id, scene: scene, key: key) } catch { throw .store(error) }
        return try getResponse(stored, scene: scene, key: key, repairRequested: repairRequested, conditions: conditions)
    }

    /// `?repair` and the conditions of a value GET.
    func getInput(_ request: HTTPRequest) throws(Rejection) -> (repairRequested: Bool, conditions: Precondition) {
        let repairRequested = try Self.repairRequested(request)
        return (repairRequested, try Self.conditions(request))
    }

    /// The answer to a value GET once the stored value (or its absence) is known.
    func getResponse(_ stored: StoredValue?, scene: SceneID, key: ValueKey,
                     repairRequested: Bool, conditions: Precondition) throws(Rejection) -> HTTPResponse {
        guard let stored else { throw .valueNotFound(key, scene: scene) }
        if let notModified = try Self.evaluateRead(conditions, current: stored.etag) { return notModified }

        var bytes = stored.bytes
        var headers: HTTPHeaders = ["ETag": stored.etag.headerValue, "Cache-Control": "private, no-cache"]
        if repairRequested {
            switch repair(stored.bytes) {
            case .repaired(let prefix, let dropped):
                bytes = prefix
                headers.set("SceneLink-Repaired-Elements", String(dropped))
            case .notNavigationPath:
                throw Rejection(.unprocessableContent, "not-a-navigation-path", "Not a navigation path",
                                "The value under '\(key)' is not a NavigationPath.CodableRepresentation array "
                                    + "([tag, item, ...] of strings), so it cannot be repaired; restore it without ?repair.")
            }
        }
        return HTTPResponse(status: .ok, contentType: stored.contentType, body: bytes, headers: headers)
    }

    /// `DELETE …/values/{key}`: 204, or 404 when nothing is stored.
    func deleteValue(_ request: HTTPRequest) async throws(Rejection) -> HTTPResponse {
        let (session, scene, key) = try await valueTarget(request)
        let precondition = try Self.conditions(request)
        let deleted: Bool
        do {
            deleted = try await store.deleteValue(session: session.id, scene: scene, key: key, precondition: precondition)
        } catch {
            throw .store(error)
        }
        guard deleted else { throw .valueNotFound(key, scene: scene) }
        return HTTPResponse(status: .noContent)
    }

    // MARK: Request parts

    /// The `Content-Type` to store: as sent, or `application/octet-stream` when absent.
    static func contentType(_ request: HTTPRequest) throws(Rejection) -> String {
        guard let raw = request.headers["Content-Type"] else { return "application/octet-stream" }
        if let value = asciiContentType(raw) { return value }
        return try generalContentType(raw)
    }

    /// The media type of one `Content-Type` field, for any field (Foundation's whitespace rules).
    static func generalContentType(_ raw: String) throws(Rejection) -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, value.utf8.count <= 255,
              value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }), value.contains("/") else {
            throw .badRequest("invalid-content-type", "Invalid Content-Type",
                              "The Content-Type '\(raw)' is not a media type such as application/json (at most 255 ASCII characters).")
        }
        return value
    }

    /// The common case of `contentType` in one pass over the bytes, without Foundation: a
    /// valid media type of printable ASCII, with spaces or tabs around it. Returns nil for
    /// anything else, which the general check above then decides (and mostly refuses).
    static func asciiContentType(_ raw: String) -> String? {
        let utf8 = raw.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            guard end > start, end - start <= 255 else { return nil }
            var sawSlash = false
            for byte in bytes[start..<end] {
                guard byte >= 0x20, byte < 0x7F else { return nil }
                if byte == UInt8(ascii: "/") { sawSlash = true }
            }
            guard sawSlash else { return nil }
            if start == 0, end == bytes.count { return raw }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        } ?? nil
    }

    /// `If-Match` and `If-None-Match` of a request; a malformed field is 400.
    static func conditions(_ request: HTTPRequest) throws(Rejection) -> Precondition {
        do {
            return Precondition(ifMatch: try EntityTagCondition.parse(request.headers.values(named: "If-Match")),
                                ifNoneMatch: try EntityTagCondition.parse(request.headers.values(named: "If-None-Match")))
        } catch {
            throw .invalidCondition(error)
        }
    }

    /// Conditions of a GET (RFC 9110 §13.2.2): a failed `If-Match` is 412; a matching
    /// `If-None-Match` is 304 with the `ETag`. Returns the 304, or nil to answer normally.
    static func evaluateRead(_ conditions: Precondition, current: EntityTag) throws(Rejection) -> HTTPResponse? {
        if conditions.ifMatch != nil, !Precondition(ifMatch: conditions.ifMatch).isSatisfied(by: current) {
            throw .store(.preconditionFailed(current: current))
        }
        if conditions.ifNoneMatch != nil, !Precondition(ifNoneMatch: conditions.ifNoneMatch).isSatisfied(by: current) {
            return HTTPResponse(status: .notModified,
                                headers: ["ETag": current.headerValue, "Cache-Control": "private, no-cache"])
        }
        return nil
    }

    /// True for `?repair=navigationPath`; any other `repair` value is 400.
    static func repairRequested(_ request: HTTPRequest) throws(Rejection) -> Bool {
        guard let value = request.queryItem("repair") else { return false }
        guard value == "navigationPath" else {
            throw .badRequest("invalid-repair", "Unknown repair",
                              "The query item repair=\(value) is not known; use repair=navigationPath or leave it out.")
        }
        return true
    }
}
