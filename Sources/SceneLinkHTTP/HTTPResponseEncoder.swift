import SceneLinkText
/// Encodes a response into one contiguous byte buffer, ready for a single `send`.
///
/// The encoder owns the framing headers: it writes `Date`, `Server`, an exact
/// `Content-Length` and `Connection`, and drops any of those (and `Transfer-Encoding`)
/// that a handler set. Header fields with a name that is not a token, or a value with CR,
/// LF or NUL, are dropped too, so a handler cannot split a response.
///
/// - `HEAD` keeps every header, `Content-Length` included, and sends no body (RFC 9110 §9.3.2).
/// - 1xx, 204 and 304 carry neither body nor `Content-Length` (RFC 9110 §8.6, §15.3.5, §15.4.5).
/// - A streamed body (`HTTPResponse.bodyStream`) gets no `Content-Length`: the head says
///   `Transfer-Encoding: chunked` (RFC 9112 §7.1), or nothing for a close-delimited body
///   (HTTP/1.0, RFC 9112 §6.3), and the connection writes the parts (`writeChunkHead(count:into:)`).
///
/// ```swift
/// let encoder = HTTPResponseEncoder(serverName: "SceneLink/1.0.0")
/// var bytes: [UInt8] = []
/// encoder.encode(.json(#"{"status":"ok"}"#), method: .get, connection: .keepAlive,
///                date: Array("Sun, 06 Nov 1994 08:49:37 GMT".utf8), into: &bytes)
/// ```
public struct HTTPResponseEncoder: Sendable {
    /// What the `Connection` header says.
    public enum ConnectionDirective: Sendable, Equatable {
        /// HTTP/1.1 persistent: no header needed (RFC 9112 §9.3).
        case persistent
        /// `Connection: keep-alive`, echoed to HTTP/1.0 clients that asked for it.
        case keepAlive
        /// `Connection: close`: the server closes after this response (RFC 9112 §9.6).
        case close
    }

    /// How a streamed body is framed.
    public enum StreamFraming: Sendable, Equatable {
        /// `Transfer-Encoding: chunked`: HTTP/1.1 clients.
        case chunked
        /// Neither length nor coding: the body ends when the connection closes (HTTP/1.0 clients).
        case closeDelimited
    }

    /// The last chunk and the empty trailer section that end a chunked body (RFC 9112 §7.1).
    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    /// The `Server` header value, such as `SceneLink/1.0.0`.
    public let serverName: String
    /// `\r\nServer: NAME\r\nDate: `, written after every status line.
    private let serverAndDateName: [UInt8]
    /// `HTTP/1.1 200 OK` and the above: the head of nearly every response, in one write.
    private let okHead: [UInt8]

    /// The interim `100 Continue` response (RFC 9110 §15.2.1).
    public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    public init(serverName: String) {
        self.serverName = serverName
        let name = HTTPResponseEncoder.isValidValue(serverName) ? serverName : "SceneLink"
        serverAndDateName = Array("\r\nServer: \(name)\r\nDate: ".utf8)
        okHead = Array("HTTP/1.1 200 OK".utf8) + serverAndDateName
    }

    /// Appends the encoded `response` to `buffer`.
    /// - Parameters:
    ///   - method: the request's method; `HEAD` gets headers only.
    ///   - connection: what to say in `Connection`.
    ///   - date: the IMF-fixdate for `Date`, such as `Sun, 06 Nov 1994 08:49:37 GMT`.
    /// - Returns: the number of bytes appended.
    @discardableResult
    public func encode(_ response: HTTPResponse, method: HTTPMethod, connection: ConnectionDirective,
                       date: [UInt8], requestID: HTTPRequestID = .none, streamFraming: StreamFraming = .chunked,
                       into buffer: inout [UInt8]) -> Int {
        var output = HTTPOutputBuffer(capacity: 256 + response.body.count)
        let count = encode(response, method: method, connection: connection, date: date, requestID: requestID,
                           streamFraming: streamFraming, into: &output)
        buffer.append(contentsOf: output.bytes)
        return count
    }

    /// Appends the encoded `response` to `buffer`; returns the number of bytes appended.
    @discardableResult
    func encode(_ response: HTTPResponse, method: HTTPMethod, connection: ConnectionDirective,
                date: [UInt8], requestID: HTTPRequestID = .none, streamFraming: StreamFraming = .chunked,
                into buffer: inout HTTPOutputBuffer) -> Int {
        let start = buffer.count
        let code = response.status.code
        // RFC 9110 §6.2: a server sends its own highest version, HTTP/1.1.
        if code == 200, response.status.reasonPhrase == "OK" {
            buffer.write(okHead)
        } else {
            let clamped = (100 ... 999).contains(code) ? code : 500
            buffer.write("HTTP/1.1 ")
            buffer.write(decimal: clamped)
            buffer.write(32)
            let reason = response.status.reasonPhrase
            if HTTPResponseEncoder.isValidValue(reason) { buffer.write(utf8: reason) }
            buffer.write(serverAndDateName)
        }
        buffer.write(date)
        // Checked sane (`HTTPRequestID.accepted`) or made by the server.
        if !requestID.isEmpty {
            buffer.write("\r\nX-Request-ID: ")
            requestID.write(to: &buffer)
        }
        for field in response.headers.fields where HTTPResponseEncoder.isHandlerField(field.name, field.value) {
            buffer.write("\r\n")
            buffer.write(utf8: field.name)
            buffer.write(": ")
            buffer.write(utf8: field.value)
        }
        let bodyless = code < 200 || code == 204 || code == 304
        let streamed = response.bodyStream != nil
        if !bodyless {
            if !streamed {
                buffer.write("\r\nContent-Length: ")
                buffer.write(decimal: response.body.count)
            } else if streamFraming == .chunked {
                buffer.write("\r\nTransfer-Encoding: chunked")
            }
        }
        switch connection {
        case .persistent: buffer.write("\r\n\r\n")
        case .keepAlive: buffer.write("\r\nConnection: keep-alive\r\n\r\n")
        case .close: buffer.write("\r\nConnection: close\r\n\r\n")
        }
        if !bodyless, !streamed, method != .head {
            buffer.write(response.body)
        }
        return buffer.count - start
    }

    /// Writes the line that opens a chunk of `count` bytes: its size in hex and CRLF (RFC 9112
    /// §7.1). The chunk's data and a CRLF follow it.
    static func writeChunkHead(count: Int, into buffer: inout HTTPOutputBuffer) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var shift = 60
        while shift > 0, (count >> shift) & 0xF == 0 { shift -= 4 }
        while shift >= 0 {
            buffer.write(digits[(count >> shift) & 0xF])
            shift -= 4
        }
        buffer.write("\r\n")
    }

    /// Whether a handler's field may be sent: not one the encoder owns, and safe on the wire.
    static func isHandlerField(_ name: String, _ value: String) -> Bool {
        // Nearly every response carries one header, its content type: a token we know.
        if name == "Content-Type" { return isValidValue(value) }
        let isToken = name.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(HTTPGrammar.isTokenByte) }
            ?? name.utf8.allSatisfy(HTTPGrammar.isTokenByte)
        guard !name.isEmpty, isToken, isValidValue(value) else {
            return false
        }
        switch name.utf8.first.map({ $0 | 0x20 }) {
        case UInt8(ascii: "c"):
            return !name.equalsIgnoringASCIICase("content-length") && !name.equalsIgnoringASCIICase("connection")
        case UInt8(ascii: "d"): return !name.equalsIgnoringASCIICase("date")
        case UInt8(ascii: "s"): return !name.equalsIgnoringASCIICase("server")
        case UInt8(ascii: "t"): return !name.equalsIgnoringASCIICase("transfer-encoding")
        default: return true
        }
    }

    /// No CR, LF, NUL or other control except HTAB (RFC 9110 §5.5).
    static func isValidValue(_ value: String) -> Bool {
        let valid = value.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 32 && byte != 9 || byte == 127 { return false }
            return true
        }
        return valid ?? value.utf8.allSatisfy { $0 >= 32 && $0 != 127 || $0 == 9 }
    }
}
