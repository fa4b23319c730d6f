import SceneLinkCore
import SceneLinkHTTP

/// An error that knows its answer: a handler declared on an `EndpointTable` may throw one
/// instead of answering, and it is converted once, where the table calls the handler.
///
/// ```swift
/// endpoints.on(.post, "/v1/things", policy) { request, responder in
///     let body = try ThingRequest(body: request.body)   // throws an HTTPProblem (400)
///     …
/// }
/// ```
package protocol ResponseError: Error {
    /// What the client is answered.
    var response: HTTPResponse { get }
}

extension HTTPProblem: ResponseError {
    package var response: HTTPResponse { response(headers: [:]) }
}

extension StoreFailure: ResponseError {}

extension OperationError: ResponseError {}
