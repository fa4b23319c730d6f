import SceneLinkCore
import SceneLinkHTTP
import SceneLinkText

extension ConsoleEndpoints {
    /// Runs one of an API's own handlers for a console page or change: `request` (whose
    /// principal the guard set to the session's audit name, and whose client address stays)
    /// with `method`, `target`, `fields` and `body` in place of the browser's, and `parameters`
    /// as the path's; so a change is checked and audited exactly as through the API.
    /// `completion` gets the API's answer (a thrown `ResponseError` as its response).
    ///
    /// ```swift
    /// callAPI(shortLinks, { $0.show }, request, method: .get, target: "/v1/short-links/abc",
    ///         parameters: ["code": "abc"]) { answer in … }
    /// ```
    func callAPI<API>(_ api: API, _ handler: (API) -> (HTTPRequest, HTTPResponder) throws -> Void, _ request: HTTPRequest,
                      method: HTTPMethod, target: String, fields: HTTPHeaders = [:], body: String = "",
                      parameters: [String: String] = [:], completion: @escaping @Sendable (HTTPResponse) -> Void) {
        var call = request
        call.method = method
        call.target = target
        let query = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        call.path = String(query[0])
        call.query = query.count > 1 ? String(query[1]) : nil
        call.headers = fields
        call.body = Array(body.utf8)
        call.pathParameters = parameters
        let responder = HTTPResponder(completion)
        do {
            try handler(api)(call, responder)
        } catch let error as any ResponseError {
            completion(error.response)
        } catch {
            completion(HTTPResponse(status: .internalServerError))
        }
    }
}
