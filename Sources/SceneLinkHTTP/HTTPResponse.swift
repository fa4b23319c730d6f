/// One HTTP response. The encoder adds `Date`, `Server`, `Content-Length` (or
/// `Transfer-Encoding` for a stream) and `Connection` itself; a handler sets only what is
/// specific to it.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A body sent as it is produced instead of `body` (which is then ignored): see `HTTPBodyStream`.
    public var bodyStream: HTTPBodyStream?
    /// Who the service authenticated the request as, for the access log (`HTTPAccessRecord.principal`):
    /// a name, never a secret. Not sent.
    public var principal: String?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a body and its content type.
    public init(status: HTTPStatus = .ok, contentType: String, body: [UInt8], headers: HTTPHeaders = [:]) {
        self.status = status
        if headers.count == 0 {
            self.headers = HTTPHeaders([(name: "Content-Type", value: contentType)])
        } else {
            self.headers = headers
            self.headers.set("Content-Type", contentType)
        }
        self.body = body
    }

    /// A response whose body is streamed, with its content type.
    public init(status: HTTPStatus = .ok, contentType: String, stream: HTTPBodyStream, headers: HTTPHeaders = [:]) {
        self.init(status: status, contentType: contentType, body: [], headers: headers)
        bodyStream = stream
    }

    /// An `application/json` response from already-encoded JSON text.
    public static func json(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8))
    }
}
