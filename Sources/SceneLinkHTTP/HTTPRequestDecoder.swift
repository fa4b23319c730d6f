import SceneLinkText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes HTTP/1.1 requests (RFC 9112) from bytes that arrive in pieces of any size.
///
/// Feed bytes with `append(_:)` and pull events with `next()`: first `.head` (the request
/// without its body, so the caller can route it and pick a body limit), then `.request`
/// (the same request with its whole body). Pipelined requests come out one after another.
/// `nil` means more bytes are needed. After an error the decoder stays failed.
///
/// Framing rules follow RFC 9112 strictly, since a lenient parser behind or in front of
/// another is how requests get smuggled: CRLF line endings only, no obs-fold, no
/// `Content-Length` with `Transfer-Encoding`, `chunked` only as the final coding.
///
/// This type is the state machine: it finds lines, applies the limits and decides how the
/// body is framed. Whether one line is well formed is `HTTPGrammar`'s business.
///
/// ```swift
/// var decoder = HTTPRequestDecoder()
/// decoder.append(Array("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
/// while let event = try decoder.next() {
///     if case .request(let request) = event { print(request.path) }   // "/healthz"
/// }
/// ```
public struct HTTPRequestDecoder: Sendable {
    /// Size limits, in bytes.
    public struct Limits: Sendable, Equatable {
        /// The longest request line (method, target, version); longer answers 414.
        public var maxRequestLineBytes: Int
        /// The largest header section (every field line, and again for trailers); larger answers 431.
        public var maxHeaderBytes: Int
        /// The largest body when the caller sets no other limit; larger answers 413.
        public var maxBodyBytes: Int

        public init(maxRequestLineBytes: Int = 8_192, maxHeaderBytes: Int = 16_384, maxBodyBytes: Int = 1_048_576) {
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// What the decoder produced.
    public enum Event: Sendable {
        /// A complete request head; the body (if any) has not been read yet.
        case head(HTTPRequest)
        /// The complete request, body included.
        case request(HTTPRequest)
    }

    /// How the body of the current request is delimited (RFC 9112 §6.3).
    public enum Framing: Sendable, Equatable {
        case none
        case contentLength(Int)
        case chunked
    }

    enum State: Sendable {
        case requestLine
        case headers
        /// The head was returned; waiting for the caller's body limit (or the next `next()`).
        case bodyDecision
        case contentBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPDecodingError)
    }

    public let limits: Limits
    var state: State = .requestLine
    var buffer: [UInt8] = []
    /// First unconsumed byte in `buffer`.
    var readIndex = 0
    /// Where the search for the next LF resumes, so 1-byte segments cost O(n), not O(n²).
    var scanIndex = 0
    /// Bytes of the current request line or header section seen so far (for 414 / 431).
    var sectionBytes = 0
    /// The request being decoded, valid while `hasHead` (a placeholder otherwise, so that the
    /// head is built in place rather than unwrapped and rewrapped at each field).
    var head = HTTPRequestDecoder.noRequest
    var hasHead = false
    static let noRequest = HTTPRequest(method: .get, target: "/")
    var fields: [(name: String, value: String)] = []
    /// What the fields that shape framing and the connection said, noted as each is parsed.
    var seen = HTTPHeadFields()
    var body: [UInt8] = []
    var bodyLimit: Int?
    /// Bytes of chunk extensions in the current body (capped at `maxHeaderBytes`).
    var chunkExtensionBytes = 0

    /// The framing of the request whose head was returned last.
    public private(set) var framing: Framing = .none
    /// Whether the client of the request whose head was returned last wants the connection
    /// kept open (RFC 9112 §9.3): HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with
    /// `Connection: keep-alive`.
    public private(set) var keepAlive = true
    /// Whether that client waits for `100 Continue` before sending the body
    /// (RFC 9110 §10.1.1). HTTP/1.0 clients never get an interim response.
    public private(set) var expectsContinue = false

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether no part of a next request has arrived: nothing buffered, between requests.
    public var isIdle: Bool {
        if case .requestLine = state { return readIndex == buffer.count && sectionBytes == 0 }
        return false
    }

    /// Whether the decoder is reading a body (for the body read timeout).
    public var isReadingBody: Bool {
        switch state {
        case .contentBody, .chunkSize, .chunkData, .chunkDataEnd, .trailers: return true
        default: return false
        }
    }

    /// Bytes received but not yet decoded.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// Adds received bytes.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compactIfUseful()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compactIfUseful()
        buffer.append(contentsOf: bytes)
    }

    /// Sets the body limit for the request whose head was just returned, and checks its
    /// declared `Content-Length` against it at once, before any body byte is read
    /// (RFC 9110 §15.5.14), so the caller can answer 413 instead of `100 Continue`.
    /// Without a call the limit is `limits.maxBodyBytes`.
    /// - Throws: `HTTPDecodingError.bodyTooLarge` when the declared length is larger.
    public mutating func limitBody(to maxBytes: Int) throws(HTTPDecodingError) {
        bodyLimit = maxBytes
        if case .bodyDecision = state, case .contentLength(let length) = framing, length > maxBytes {
            throw fail(.bodyTooLarge(limit: maxBytes))
        }
    }

    /// Decodes the next event, or returns nil when more bytes are needed.
    /// - Throws: `HTTPDecodingError` for input that breaks RFC 9112 or a limit; the decoder
    ///   then stays failed and throws the same error again.
    public mutating func next() throws(HTTPDecodingError) -> Event? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .requestLine:
                // The limit is on the line itself; its CRLF does not count.
                let found: Range<Int>?
                do {
                    found = try nextLine(limit: limits.maxRequestLineBytes + 2, tooLong: .requestLineTooLong(limit: limits.maxRequestLineBytes))
                } catch {
                    // A broken method wins over the line's own faults, as it does while the
                    // line is incomplete: the answer must not depend on how bytes were split.
                    try rejectBrokenMethod()
                    throw error
                }
                guard let line = found else {
                    try rejectBrokenMethod()
                    return nil
                }
                // RFC 9112 §2.2: a server SHOULD ignore at least one empty line before the request line.
                if line.isEmpty { continue }
                let (method, target, version) = try parse(line, HTTPGrammar.requestLine)
                head = HTTPRequest(method: method, target: target, version: version)
                hasHead = true
                sectionBytes = 0
                state = .headers
            case .headers:
                guard let line = try nextLine(limit: limits.maxHeaderBytes, tooLong: .headerBlockTooLarge(limit: limits.maxHeaderBytes)) else { return nil }
                if line.isEmpty {
                    let request = try finishHead()
                    return .head(request)
                }
                let field = try parse(line, HTTPGrammar.field)
                if let framing = field.recognised.framing { seen.note(framing, value: field.value, isValidHost: field.isValidHost) }
                // Room for a typical header section (about a dozen fields) at once.
                if fields.isEmpty { fields.reserveCapacity(12) }
                fields.append((name: field.name, value: field.value))
            case .bodyDecision:
                let limit = bodyLimit ?? limits.maxBodyBytes
                switch framing {
                case .none:
                    return .request(finishRequest())
                case .contentLength(let length):
                    if length > limit { throw fail(.bodyTooLarge(limit: limit)) }
                    // Reserve at most 64 KiB up front: a declared length costs nothing until bytes arrive.
                    body.reserveCapacity(min(length, 65_536))
                    state = .contentBody(remaining: length)
                case .chunked:
                    state = .chunkSize
                }
            case .contentBody(let remaining):
                let take = takeBody(upTo: remaining)
                if take == remaining { return .request(finishRequest()) }
                state = .contentBody(remaining: remaining - take)
                return nil
            case .chunkSize:
                // A chunk line holds the size and extensions, which we ignore (RFC 9112 §7.1.1);
                // 4 KiB is far more than any honest client sends.
                guard let line = try nextLine(limit: 4_096, tooLong: .invalidChunkFraming) else { return nil }
                let (size, extensionBytes) = try parse(line, HTTPGrammar.chunkSize)
                sectionBytes = 0
                // Extensions are ignored, so they get no more room than a header section:
                // otherwise many small chunks could carry megabytes of them.
                chunkExtensionBytes += extensionBytes
                if chunkExtensionBytes > limits.maxHeaderBytes {
                    throw fail(.chunkExtensionsTooLarge(limit: limits.maxHeaderBytes))
                }
                if size == 0 {
                    state = .trailers
                } else {
                    let limit = bodyLimit ?? limits.maxBodyBytes
                    if size > limit - body.count { throw fail(.bodyTooLarge(limit: limit)) }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let take = takeBody(upTo: remaining)
                if take == remaining {
                    state = .chunkDataEnd
                } else {
                    state = .chunkData(remaining: remaining - take)
                    return nil
                }
            case .chunkDataEnd:
                // RFC 9112 §7.1: chunk-data is followed by exactly CRLF.
                guard buffer.count - readIndex >= 2 else {
                    if buffer.count > readIndex, buffer[readIndex] != .cr { throw fail(.invalidChunkFraming) }
                    return nil
                }
                guard buffer[readIndex] == .cr, buffer[readIndex + 1] == .lf else { throw fail(.invalidChunkFraming) }
                consume(2)
                state = .chunkSize
            case .trailers:
                // RFC 9112 §7.1.2: trailer fields are read and, here, discarded.
                guard let line = try nextLine(limit: limits.maxHeaderBytes, tooLong: .headerBlockTooLarge(limit: limits.maxHeaderBytes)) else { return nil }
                if line.isEmpty { return .request(finishRequest()) }
                _ = try parse(line, HTTPGrammar.field)
            }
        }
    }

    // MARK: - Lines

    /// The bounds in `buffer` of the next CRLF-terminated line without its CRLF, or nil when it
    /// has not fully arrived. `sectionBytes` accumulates across lines so a section limit covers
    /// all of its lines. Bounds, not a slice, so the buffer stays uniquely owned and can be
    /// appended to and compacted in place.
    mutating func nextLine(limit: Int, tooLong: HTTPDecodingError) throws(HTTPDecodingError) -> Range<Int>? {
        let end = buffer.count
        let found = buffer.withUnsafeBufferPointer { $0.firstIndex(of: .lf, from: scanIndex, to: end) }
        guard let lf = found else {
            if sectionBytes + (end - readIndex) > limit { throw fail(tooLong) }
            scanIndex = end
            return nil
        }
        let lineLength = lf + 1 - readIndex
        sectionBytes += lineLength
        if sectionBytes > limit { throw fail(tooLong) }
        // RFC 9112 §2.2: a bare LF is not accepted as a line terminator here, because
        // parsers that disagree on line endings are a request smuggling vector.
        guard lf > readIndex, buffer[lf - 1] == .cr else { throw fail(.invalidLineEnding) }
        let line = readIndex ..< lf - 1
        readIndex = lf + 1
        scanIndex = readIndex
        return line
    }

    /// Answers a request line whose method is already broken without waiting for its CRLF:
    /// a TLS handshake sent to the plain port, say, has none, and would otherwise hold the
    /// connection until the header timeout. Runs while the line is incomplete and when the
    /// line is refused, so the answer never depends on how the bytes were split (a complete
    /// line with a broken method is refused by `requestLine` with the same error). Only the
    /// first 16 bytes are looked at: a line arriving a byte at a time costs a constant each.
    mutating func rejectBrokenMethod() throws(HTTPDecodingError) {
        let broken = buffer.withUnsafeBufferPointer { all -> Bool in
            for index in readIndex ..< min(all.count, readIndex + 16) {
                let byte = all[index]
                if byte == .space { return false }
                // A CR first may begin one of the empty lines allowed before a request line.
                if !HTTPGrammar.isTokenByte(byte) { return !(byte == .cr && index == readIndex) }
            }
            return false
        }
        if broken { throw fail(.invalidRequestLine) }
    }

    /// Runs `parse` (an `HTTPGrammar` rule) over the bytes of `line` in `buffer`; a thrown
    /// error fails the decoder.
    mutating func parse<T>(_ line: Range<Int>, _ parse: (UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> T) throws(HTTPDecodingError) -> T {
        do {
            return try buffer.withUnsafeBufferPointer { (all) throws(HTTPDecodingError) -> T in
                try parse(UnsafeBufferPointer(rebasing: all[line]))
            }
        } catch {
            throw fail(error)
        }
    }

    /// Moves up to `remaining` buffered bytes into the body; returns how many it moved.
    mutating func takeBody(upTo remaining: Int) -> Int {
        let take = min(buffer.count - readIndex, remaining)
        if take > 0 {
            body.append(contentsOf: buffer[readIndex ..< readIndex + take])
            consume(take)
        }
        return take
    }

    mutating func consume(_ count: Int) {
        readIndex += count
        scanIndex = max(scanIndex, readIndex)
    }

    /// Drops consumed bytes before new ones arrive, keeping memory bounded on long connections.
    mutating func compactIfUseful() {
        if readIndex == buffer.count {
            if buffer.capacity > 65_536 { buffer = [] } else { buffer.removeAll(keepingCapacity: true) }
            readIndex = 0
            scanIndex = 0
        } else if readIndex > 4_096, readIndex * 2 > buffer.count {
            buffer.removeFirst(readIndex)
            scanIndex -= readIndex
            readIndex = 0
        }
    }

    mutating func fail(_ error: HTTPDecodingError) -> HTTPDecodingError {
        state = .failed(error)
        return error
    }

    // MARK: - Message framing (RFC 9112 §6)

    mutating func finishHead() throws(HTTPDecodingError) -> HTTPRequest {
        guard hasHead else { throw fail(.invalidRequestLine) }
        let seen = self.seen
        self.seen = HTTPHeadFields()
        if let problem = seen.contentLengthProblem { throw fail(problem) }
        // RFC 9112 §3.2: HTTP/1.1 requests carry exactly one Host; more than one is always an error.
        if seen.hostCount > 1 { throw fail(.duplicateHost) }
        if seen.hostCount == 0, head.version == .http1_1 { throw fail(.missingHost) }
        if seen.hostCount == 1, !seen.hostIsValid { throw fail(.invalidHost) }

        if seen.hasTransferEncoding {
            let transferCodings = seen.transferCodings
            // RFC 9112 §6.1: TE with CL is a smuggling attempt or a broken intermediary: reject and close.
            if seen.contentLength != nil { throw fail(.contentLengthWithTransferEncoding) }
            // RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing.
            if head.version == .http1_0 { throw fail(.invalidTransferEncoding(seen.transferEncodingValue)) }
            // RFC 9112 §6.3: chunked must be the final coding, exactly once.
            guard let last = transferCodings.last, last.equalsIgnoringASCIICase("chunked"),
                  transferCodings.filter({ $0.equalsIgnoringASCIICase("chunked") }).count == 1 else {
                throw fail(.invalidTransferEncoding(seen.transferEncodingValue))
            }
            // RFC 9112 §6.1: a coding we do not implement (gzip before chunked, say) is 501.
            if let other = transferCodings.first(where: { !$0.equalsIgnoringASCIICase("chunked") }) {
                throw fail(.unsupportedTransferCoding(String(other)))
            }
            framing = .chunked
        } else if let contentLength = seen.contentLength, contentLength > 0 {
            framing = .contentLength(contentLength)
        } else {
            framing = .none
        }
        let isHTTP10 = head.version == .http1_0
        keepAlive = !seen.connectionClose && (!isHTTP10 || seen.connectionKeepAlive)
        expectsContinue = !isHTTP10 && seen.expectsContinue
        head.headers = HTTPHeaders(fields)
        fields = []
        bodyLimit = nil
        chunkExtensionBytes = 0
        sectionBytes = 0
        state = .bodyDecision
        return head
    }

    mutating func finishRequest() -> HTTPRequest {
        // The finished request leaves the decoder, and the placeholder takes its place.
        var request = HTTPRequestDecoder.noRequest
        swap(&request, &head)
        hasHead = false
        if !body.isEmpty {
            request.body = body
            body = []
        }
        sectionBytes = 0
        state = .requestLine
        return request
    }
}
