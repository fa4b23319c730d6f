import SceneLinkText

/// An RFC 9457 problem details object, sent as `application/problem+json`.
///
/// `type` is a stable identifier clients can switch on; `title` is short and fixed per
/// type; `detail` says what went wrong with this request and what to fix.
public struct HTTPProblem: Sendable, Error, Equatable {
    public var status: HTTPStatus
    public var type: String
    public var title: String
    public var detail: String
    /// Extra members, already encoded as JSON values (`"allowed": ["GET"]`).
    public var extensions: [(name: String, json: String)]

    /// Where every SceneLink problem `type` lives: `https://scenelink.dev/problems/<slug>`,
    /// stable identifiers documented in openapi.yaml.
    public static let typeBase = "https://scenelink.dev/problems/"

    public init(status: HTTPStatus, type: String, title: String, detail: String,
                extensions: [(name: String, json: String)] = []) {
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.extensions = extensions
    }

    public static func == (a: HTTPProblem, b: HTTPProblem) -> Bool {
        a.status == b.status && a.type == b.type && a.title == b.title && a.detail == b.detail
            && a.extensions.map(\.name) == b.extensions.map(\.name)
            && a.extensions.map(\.json) == b.extensions.map(\.json)
    }

    /// The problem as a JSON document.
    public var json: String {
        var out = "{\"type\":\(JSONEscaping.quote(type)),\"title\":\(JSONEscaping.quote(title)),"
        out += "\"status\":\(status.code),\"detail\":\(JSONEscaping.quote(detail))"
        for (name, json) in extensions { out += ",\(JSONEscaping.quote(name)):\(json)" }
        out += "}"
        return out
    }

    /// The problem as a response; extra headers (`Allow`, `WWW-Authenticate`) may be added.
    public func response(headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/problem+json",
                     body: Array(json.utf8), headers: headers)
    }
}
