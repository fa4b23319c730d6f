import SceneLinkCore
import SceneLinkHTTP

extension HTTPResponse {
    /// `value` as the service writes its JSON answers: `JSONWriter`, members in the order given
    /// (openapi.yaml's), `/` unescaped.
    package static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
        .json(JSONWriter.text(value, escapingSlashes: false, sortingKeys: false), status: status)
    }

    /// 201 Created with `value`, `Location` and `Cache-Control: no-store`.
    package static func created(json value: JSONValue, location: String?) -> HTTPResponse {
        created(json: JSONWriter.text(value, escapingSlashes: false, sortingKeys: false), location: location)
    }
}
