import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations

extension SceneStateEndpoints {
    /// The scene and key of a value route.
    static func valueTarget(_ request: HTTPRequest) throws(Rejection) -> (scene: SceneID, key: ValueKey) {
        do {
            return (try SceneID(request.pathParameters["scene"] ?? ""), try ValueKey(request.pathParameters["key"] ?? ""))
        } catch {
            throw .invalidIdentifier(error)
        }
    }

    /// `PUT …/values/{key}`: stores the body byte-for-byte with its `Content-Type`.
    /// 201 with `Location` when the key was new, 204 on update; `ETag` on both. Answered after the commit.
    func putValue(_ request: HTTPRequest, _ responder: HTTPResponder) {
        // Checked now (in the order of RFC 9110 §13.2.1), so that the callbacks need not keep
        // the request, and refused only once the request is authorized.
        let input = Result { () throws(Rejection) -> (ValueContent, Precondition) in
            let limit = configuration.limits.maximumValueBytes
            guard request.body.count <= limit else { throw .valueTooLarge(bytes: request.body.count, limit: limit) }
            let contentType = try Self.contentType(request)
            try Self.checkDeclaredJSON(request.body, contentType: contentType)
            return (ValueContent(bytes: request.body, contentType: contentType), try Self.conditions(request))
        }
        authorize(request, responder, target: Self.valueTarget) { session, target throws(Rejection) in
            let (content, precondition) = try input.get()
            store.putValue(content, session: session.id, scene: target.scene, key: target.key,
                           precondition: precondition, limits: configuration.limits) { [metrics] result in
                if case .failure(.sessionTooLarge) = result { metrics?.recordQuotaRefusal() }
                responder.respond(Self.response(to: result) { outcome throws(Rejection) in
                    var response = HTTPResponse(status: outcome.created ? .created : .noContent)
                    response.headers.set("ETag", outcome.value.etag.headerValue)
                    if outcome.created {
                        response.headers.set("Location", "/v1/sessions/\(session.id)/scenes/\(target.scene)/values/\(target.key)")
                    }
                    return response
                })
            }
        }
    }

    /// `GET …/values/{key}`: the stored bytes with their content type, or 304 / 404 / 412;
    /// with `?repair=navigationPath`, the valid prefix of a stale path.
    func getValue(_ request: HTTPRequest, _ responder: HTTPResponder) {
        // Checked now, so that the callbacks need not keep the request; refused only once authorized.
        let input = Result { () throws(Rejection) in (repairRequested: try Self.repairRequested(request),
                                                      conditions: try Self.conditions(request)) }
        authorize(request, responder, target: Self.valueTarget) { session, target throws(Rejection) in
            let (repairRequested, conditions) = try input.get()
            store.value(session: session.id, scene: target.scene, key: target.key) { result in
                responder.respond(Self.response(to: result) { stored throws(Rejection) in
                    guard let stored else { throw .valueNotFound(target.key, scene: target.scene) }
                    if let notModified = try Self.evaluateRead(conditions, current: stored.etag) { return notModified }
                    var bytes = stored.bytes
                    var headers: HTTPHeaders = ["ETag": stored.etag.headerValue, "Cache-Control": "private, no-cache"]
                    if repairRequested {
                        (bytes, headers) = try repaired(stored, key: target.key, headers: headers)
                    }
                    return HTTPResponse(status: .ok, contentType: stored.contentType, body: bytes, headers: headers)
                })
            }
        }
    }

    /// The valid prefix of a stored navigation path, with the number of elements dropped.
    private func repaired(_ stored: StoredValue, key: ValueKey,
                          headers: HTTPHeaders) throws(Rejection) -> ([UInt8], HTTPHeaders) {
        switch repair(stored.bytes) {
        case .repaired(let prefix, let dropped):
            var headers = headers
            headers.set("SceneLink-Repaired-Elements", String(dropped))
            return (prefix, headers)
        case .notNavigationPath:
            throw Rejection(.unprocessableContent, "not-a-navigation-path", "Not a navigation path",
                            "The value under '\(key)' is not a NavigationPath.CodableRepresentation array "
                                + "([tag, item, ...] of strings), so it cannot be repaired; restore it without ?repair.")
        }
    }

    /// `DELETE …/values/{key}`: 204, or 404 when nothing is stored.
    func deleteValue(_ request: HTTPRequest, _ responder: HTTPResponder) {
        authorize(request, responder, target: Self.valueTarget) { session, target throws(Rejection) in
            store.deleteValue(session: session.id, scene: target.scene, key: target.key,
                              precondition: try Self.conditions(request)) { result in
                responder.respond(Self.response(to: result) { deleted throws(Rejection) in
                    guard deleted else { throw .valueNotFound(target.key, scene: target.scene) }
                    return HTTPResponse(status: .noContent)
                })
            }
        }
    }

    // MARK: Request parts

    /// The `Content-Type` to store: as sent, or `application/octet-stream` when absent.
    static func contentType(_ request: HTTPRequest) throws(Rejection) -> String {
        guard let raw = request.headers["Content-Type"] else { return "application/octet-stream" }
        return try mediaType(raw)
    }

    /// A body declared JSON (`application/json`, or any `+json` type, parameters aside) must
    /// parse as JSON (RFC 8259), so what is restored as JSON is JSON: 422 with the place it
    /// stopped otherwise.
    static func checkDeclaredJSON(_ body: [UInt8], contentType: String) throws(Rejection) {
        guard JSONMediaType.declares(contentType) else { return }
        do {
            _ = try JSONParser.parse(body)
        } catch {
            throw Rejection(.unprocessableContent, "invalid-json-value", "Value is not JSON",
                            "The body is sent as \(contentType) but is \(error.description); send valid JSON, or declare another "
                                + "Content-Type such as application/octet-stream.")
        }
    }

    /// The media type of one `Content-Type` field: at most 255 bytes of printable ASCII with a
    /// `/`, spaces and tabs around it dropped. One pass over the bytes, after the one general
    /// branch: a field with non-ASCII bytes first has Foundation's whitespace, which includes
    /// Unicode spaces such as U+00A0, trimmed.
    static func mediaType(_ raw: String) throws(Rejection) -> String {
        let value = raw.utf8.contains(where: { $0 >= 0x80 }) ? raw.trimmingCharacters(in: .whitespaces) : raw
        var contiguous = value
        let type: String? = contiguous.withUTF8 { bytes in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            guard end - start <= 255, bytes[start..<end].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
                  bytes[start..<end].contains(UInt8(ascii: "/")) else { return nil }
            if start == 0, end == bytes.count { return value }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        guard let type else {
            throw .badRequest("invalid-content-type", "Invalid Content-Type",
                              "The Content-Type '\(raw)' is not a media type such as application/json (at most 255 ASCII characters).")
        }
        return type
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
