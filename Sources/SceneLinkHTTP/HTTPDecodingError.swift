/// Why a request could not be decoded, with the status to answer it with.
///
/// Every case closes the connection after the answer: once a request head or body is
/// malformed, the decoder can no longer tell where the next request starts (RFC 9112 §6.3,
/// §11.2), so keeping the connection would let framing slip.
///
/// ```swift
/// catch let error as HTTPDecodingError {
///     send(error.problem.response())   // application/problem+json
/// }
/// ```
public enum HTTPDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request line is not `method SP request-target SP HTTP-version` (RFC 9112 §3).
    case invalidRequestLine
    /// The request target is not in origin, absolute, authority or asterisk form (RFC 9112 §3.2).
    case invalidTarget
    /// The request line is longer than the configured limit (RFC 9112 §3, 414).
    case requestLineTooLong(limit: Int)
    /// An HTTP version other than 1.x (RFC 9110 §15.6.6, 505).
    case unsupportedVersion(String)
    /// A line ended in LF without CR, or a CR appeared inside a line (RFC 9112 §2.2).
    case invalidLineEnding
    /// The header section exceeded the configured limit (RFC 6585 §5, 431).
    case headerBlockTooLarge(limit: Int)
    /// A header line began with whitespace: obsolete line folding (RFC 9112 §5.2).
    case obsoleteLineFolding
    /// Whitespace between a field name and its colon (RFC 9112 §5.1).
    case whitespaceBeforeColon
    /// A field name that is not a token, or a line without a colon (RFC 9110 §5.1).
    case invalidFieldName
    /// A field value holding NUL, CR, LF or another control character (RFC 9110 §5.5).
    case invalidFieldValue(name: String)
    /// An HTTP/1.1 request without `Host` (RFC 9112 §3.2).
    case missingHost
    /// More than one `Host` field (RFC 9112 §3.2).
    case duplicateHost
    /// A `Host` value that is not an authority (RFC 9110 §7.2).
    case invalidHost
    /// Both `Content-Length` and `Transfer-Encoding` (RFC 9112 §6.1, §6.3).
    case contentLengthWithTransferEncoding
    /// `Content-Length` values that differ (RFC 9110 §8.6).
    case conflictingContentLength
    /// A `Content-Length` that is not plain decimal digits (RFC 9110 §8.6).
    case invalidContentLength(String)
    /// A transfer coding list whose final coding is not `chunked`, that repeats `chunked`,
    /// or that arrives on HTTP/1.0 (RFC 9112 §6.1, §6.3).
    case invalidTransferEncoding(String)
    /// A transfer coding this server does not implement (RFC 9112 §6.1, 501).
    case unsupportedTransferCoding(String)
    /// A chunk size that is not hexadecimal or does not fit (RFC 9112 §7.1).
    case invalidChunkSize
    /// Chunk data not followed by CRLF, or a malformed chunk line (RFC 9112 §7.1).
    case invalidChunkFraming
    /// A chunk extension that is not `;name` or `;name=value` with a token or quoted-string
    /// value (RFC 9112 §7.1.1).
    case invalidChunkExtension
    /// Chunk extensions in one body adding up to more than the header section limit.
    case chunkExtensionsTooLarge(limit: Int)
    /// A body larger than the limit, declared or received (RFC 9110 §15.5.14, 413).
    case bodyTooLarge(limit: Int)

    /// The status to answer with.
    public var status: HTTPStatus {
        switch self {
        case .requestLineTooLong: return .uriTooLong
        case .unsupportedVersion: return .httpVersionNotSupported
        case .headerBlockTooLarge: return .requestHeaderFieldsTooLarge
        case .unsupportedTransferCoding: return .notImplemented
        case .bodyTooLarge: return .contentTooLarge
        default: return .badRequest
        }
    }

    /// Whether the connection must close after the answer. Always true; see the type's comment.
    public var closesConnection: Bool { true }

    /// A stable problem type URI clients can switch on (RFC 9457 §3.1.1).
    public var problemType: String {
        let slug: String
        switch self {
        case .invalidRequestLine: slug = "invalid-request-line"
        case .invalidTarget: slug = "invalid-request-target"
        case .requestLineTooLong: slug = "request-line-too-long"
        case .unsupportedVersion: slug = "http-version-not-supported"
        case .invalidLineEnding: slug = "invalid-line-ending"
        case .headerBlockTooLarge: slug = "headers-too-large"
        case .obsoleteLineFolding: slug = "obsolete-line-folding"
        case .whitespaceBeforeColon: slug = "whitespace-before-colon"
        case .invalidFieldName: slug = "invalid-header-name"
        case .invalidFieldValue: slug = "invalid-header-value"
        case .missingHost: slug = "missing-host"
        case .duplicateHost: slug = "duplicate-host"
        case .invalidHost: slug = "invalid-host"
        case .contentLengthWithTransferEncoding: slug = "ambiguous-framing"
        case .conflictingContentLength: slug = "conflicting-content-length"
        case .invalidContentLength: slug = "invalid-content-length"
        case .invalidTransferEncoding: slug = "invalid-transfer-encoding"
        case .unsupportedTransferCoding: slug = "unsupported-transfer-coding"
        case .invalidChunkSize: slug = "invalid-chunk-size"
        case .invalidChunkFraming: slug = "invalid-chunk-framing"
        case .invalidChunkExtension: slug = "invalid-chunk-extension"
        case .chunkExtensionsTooLarge: slug = "chunk-extensions-too-large"
        case .bodyTooLarge: slug = "body-too-large"
        }
        return HTTPProblem.typeBase + slug
    }

    /// A short title, fixed per case.
    public var title: String {
        switch status.code {
        case 414: return "Request line too long"
        case 431: return "Request headers too large"
        case 413: return "Request body too large"
        case 501: return "Transfer coding not implemented"
        case 505: return "HTTP version not supported"
        default: return "Malformed request"
        }
    }

    /// One sentence saying what was wrong and what to do instead.
    public var description: String {
        switch self {
        case .invalidRequestLine:
            return "The request line must be 'METHOD /path HTTP/1.1' with single spaces and end in CRLF."
        case .invalidTarget:
            return "The request target must be an absolute path like /healthz or an absolute URI like http://host/healthz."
        case .requestLineTooLong(let limit):
            return "The request line is longer than \(limit) bytes; shorten the URL."
        case .unsupportedVersion(let version):
            return "\(version) is not supported; send HTTP/1.1 or HTTP/1.0."
        case .invalidLineEnding:
            return "Lines must end in CRLF and must not contain a bare CR or LF."
        case .headerBlockTooLarge(let limit):
            return "The request headers are larger than \(limit) bytes; send fewer or shorter headers."
        case .obsoleteLineFolding:
            return "A header line starts with whitespace (obsolete line folding); put each header on one line."
        case .whitespaceBeforeColon:
            return "A header name is followed by whitespace before its colon; remove the whitespace."
        case .invalidFieldName:
            return "A header line has no colon or its name is not a token; send 'Name: value'."
        case .invalidFieldValue(let name):
            return "The value of header \(name) contains a control character such as NUL or CR; remove it."
        case .missingHost:
            return "An HTTP/1.1 request must carry exactly one Host header; add one."
        case .duplicateHost:
            return "The request carries more than one Host header; send exactly one."
        case .invalidHost:
            return "The Host header is not a valid host[:port]; send the server's host name."
        case .contentLengthWithTransferEncoding:
            return "The request has both Content-Length and Transfer-Encoding; send only one of them."
        case .conflictingContentLength:
            return "The request has Content-Length values that differ; send a single Content-Length."
        case .invalidContentLength(let value):
            return "Content-Length '\(value)' is not a plain decimal number of bytes; send digits only."
        case .invalidTransferEncoding(let value):
            return "Transfer-Encoding '\(value)' is not accepted; send 'chunked' as the only, final coding on HTTP/1.1."
        case .unsupportedTransferCoding(let value):
            return "Transfer coding '\(value)' is not implemented; send the body with Content-Length or 'chunked' alone."
        case .invalidChunkSize:
            return "A chunk size is not a hexadecimal number that fits in 60 bits; fix the chunked encoding."
        case .invalidChunkFraming:
            return "Chunk data is not followed by CRLF or a chunk line is malformed; fix the chunked encoding."
        case .invalidChunkExtension:
            return "A chunk extension is not ';name' or ';name=value' with a token or quoted-string value; fix it or leave it out."
        case .chunkExtensionsTooLarge(let limit):
            return "The chunk extensions of this body add up to more than \(limit) bytes; leave them out, this server ignores them."
        case .bodyTooLarge(let limit):
            return "The request body is larger than the \(limit) bytes this endpoint accepts; send a smaller body."
        }
    }

    /// The error as an RFC 9457 problem.
    public var problem: HTTPProblem {
        HTTPProblem(status: status, type: problemType, title: title, detail: description)
    }
}
