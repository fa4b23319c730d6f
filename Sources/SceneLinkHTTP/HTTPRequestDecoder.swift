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
    /// The request being decoded, valid while `hasHead`. Not optional: an optional request is
    /// copied out and back in around every change, a dozen reference counts per request.
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
                let (method, target, version) = try parse(line, HTTPRequestDecoder.requestLine)
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
                let field = try parse(line, HTTPRequestDecoder.field)
                if let framing = field.recognised.framing { seen.note(framing, value: field.value, isValidHost: field.isValidHost) }
                // One allocation for a typical header section instead of growing 1, 2, 4, 8.
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
                let (size, extensionBytes) = try parse(line, HTTPRequestDecoder.chunkSize)
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
                    if buffer.count > readIndex, buffer[readIndex] != 13 { throw fail(.invalidChunkFraming) }
                    return nil
                }
                guard buffer[readIndex] == 13, buffer[readIndex + 1] == 10 else { throw fail(.invalidChunkFraming) }
                consume(2)
                state = .chunkSize
            case .trailers:
                // RFC 9112 §7.1.2: trailer fields are read and, here, discarded.
                guard let line = try nextLine(limit: limits.maxHeaderBytes, tooLong: .headerBlockTooLarge(limit: limits.maxHeaderBytes)) else { return nil }
                if line.isEmpty { return .request(finishRequest()) }
                _ = try parse(line, HTTPRequestDecoder.field)
            }
        }
    }

    // MARK: - Lines

    /// The bounds in `buffer` of the next CRLF-terminated line without its CRLF, or nil when it
    /// has not fully arrived. `sectionBytes` accumulates across lines so a section limit covers
    /// all of its lines. Bounds, not a slice: a slice would hold a reference to the buffer.
    mutating func nextLine(limit: Int, tooLong: HTTPDecodingError) throws(HTTPDecodingError) -> Range<Int>? {
        let end = buffer.count
        let found = buffer.withUnsafeBufferPointer { $0.firstIndex(of: 10, from: scanIndex, to: end) }
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
        guard lf > readIndex, buffer[lf - 1] == 13 else { throw fail(.invalidLineEnding) }
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
                if byte == 32 { return false }
                // A CR first may begin one of the empty lines allowed before a request line.
                if !HTTPRequestDecoder.isTokenByte(byte) { return !(byte == 13 && index == readIndex) }
            }
            return false
        }
        if broken { throw fail(.invalidRequestLine) }
    }

    /// Runs `parse` over the bytes of `line` in `buffer`; a thrown error fails the decoder.
    @inline(__always)
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

    // MARK: - Request line (RFC 9112 §3)

    /// `method SP request-target SP HTTP-version`, from the line's bytes.
    static func requestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> (HTTPMethod, String, HTTPVersion) {
        let count = line.count
        var firstSpace = 0
        while firstSpace < count, line[firstSpace] != 32 {
            guard isTokenByte(line[firstSpace]) else { throw .invalidRequestLine }
            firstSpace += 1
        }
        guard firstSpace > 0, firstSpace < count else { throw .invalidRequestLine }
        let targetStart = firstSpace + 1
        var secondSpace = targetStart
        // The target is visible ASCII only; whitespace or controls here mean garbage or smuggling.
        while secondSpace < count, line[secondSpace] > 32, line[secondSpace] < 127 { secondSpace += 1 }
        guard secondSpace > targetStart, secondSpace < count, line[secondSpace] == 32 else { throw .invalidRequestLine }
        let version = try parseVersion(UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...]))
        let methodBytes = UnsafeBufferPointer(rebasing: line[..<firstSpace])
        let method = knownMethod(methodBytes) ?? HTTPMethod(rawValue: String(decoding: methodBytes, as: UTF8.self))
        let targetBytes = UnsafeBufferPointer(rebasing: line[targetStart ..< secondSpace])
        guard isValidTarget(targetBytes, method: method) else { throw .invalidTarget }
        return (method, String(decoding: targetBytes, as: UTF8.self), version)
    }

    /// The common methods without building a string for them.
    static func knownMethod(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPMethod? {
        switch bytes.count {
        case 3:
            guard bytes[1] == UInt8(ascii: "E"), bytes[2] == UInt8(ascii: "T") else { return nil }
            if bytes[0] == UInt8(ascii: "G") { return .get }
            if bytes[0] == UInt8(ascii: "P") { return .put }
        case 4:
            if bytes.hasSameBytes(as: "HEAD") { return .head }
            if bytes.hasSameBytes(as: "POST") { return .post }
        case 6:
            if bytes.hasSameBytes(as: "DELETE") { return .delete }
        default:
            break
        }
        return nil
    }

    /// `HTTP/1.0` and `HTTP/1.1`; a higher 1.x minor version is served as 1.1 (RFC 9110 §6.2);
    /// another major version is 505; anything else is not a version at all (400).
    static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> HTTPVersion {
        guard bytes.count == 8, bytes[0] == 72, bytes[1] == 84, bytes[2] == 84, bytes[3] == 80, bytes[4] == 47,
              bytes[6] == 46, isDigit(bytes[5]), isDigit(bytes[7]) else {
            throw .invalidRequestLine
        }
        let major = Int(bytes[5] - 48), minor = Int(bytes[7] - 48)
        guard major == 1 else { throw .unsupportedVersion("HTTP/\(major).\(minor)") }
        return minor == 0 ? .http1_0 : .http1_1
    }

    /// RFC 9112 §3.2: origin-form, absolute-form, authority-form (CONNECT) or asterisk-form (OPTIONS).
    static func isValidTarget(_ target: UnsafeBufferPointer<UInt8>, method: HTTPMethod) -> Bool {
        guard let first = target.first else { return false }
        if first == 47 { return true }                                    // "/..."
        if target.count == 1, first == 42 { return method == .options }  // "*"
        if method == .connect { return true }
        // absolute-form: scheme ":" "//" ... with scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        guard isAlpha(first) else { return false }
        var index = 0
        while index < target.count, isAlpha(target[index]) || isDigit(target[index])
                || target[index] == 43 || target[index] == 45 || target[index] == 46 {
            index += 1
        }
        guard target[index...].starts(with: [58, 47, 47]) else { return false }
        // The authority: RFC 9110 §4.2.4 treats userinfo (`user@`) as an error, and §4.2.1
        // rejects an http(s) URI with an empty host.
        let authorityStart = index + 3
        var authorityEnd = authorityStart
        while authorityEnd < target.count, target[authorityEnd] != 47, target[authorityEnd] != 63, target[authorityEnd] != 35 {
            authorityEnd += 1
        }
        if target[authorityStart ..< authorityEnd].contains(64) { return false }  // "@"
        return authorityEnd > authorityStart
    }

    // MARK: - Field lines (RFC 9112 §5, RFC 9110 §5)

    /// One parsed field line.
    struct Field {
        let name: String
        /// Without surrounding whitespace.
        let value: String
        let recognised: HTTPFieldName
        /// For `Host`: whether the value has only host characters (checked on its bytes here).
        let isValidHost: Bool
    }

    /// One field line's name and value, from its bytes, and what the name was recognised as.
    static func field(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> Field {
        let count = line.count
        guard count > 0 else { throw .invalidFieldName }
        if line[0] == 32 || line[0] == 9 { throw .obsoleteLineFolding }
        var colon = 0
        while colon < count, line[colon] != 58 {
            let byte = line[colon]
            if !isTokenByte(byte) {
                if byte == 32 || byte == 9 { throw .whitespaceBeforeColon }
                if byte == 13 { throw .invalidLineEnding }
                throw .invalidFieldName
            }
            colon += 1
        }
        guard colon < count, colon > 0 else { throw .invalidFieldName }
        let nameBytes = UnsafeBufferPointer(rebasing: line[..<colon])
        let recognised = HTTPFieldName.recognise(nameBytes)
        let name = recognised.spelled ?? String(decoding: nameBytes, as: UTF8.self)
        let valueStart = skippingWhitespace(line, from: colon + 1)
        var valueEnd = count
        while valueEnd > valueStart, line[valueEnd - 1] == 32 || line[valueEnd - 1] == 9 { valueEnd -= 1 }
        // field-value = *( VCHAR / obs-text / SP / HTAB ): no NUL, CR, LF or other controls.
        for index in valueStart ..< valueEnd {
            let byte = line[index]
            if byte < 32 && byte != 9 || byte == 127 {
                throw byte == 13 ? .invalidLineEnding : .invalidFieldValue(name: name)
            }
        }
        let valueBytes = UnsafeBufferPointer(rebasing: line[valueStart ..< valueEnd])
        return Field(name: name, value: String(decoding: valueBytes, as: UTF8.self), recognised: recognised,
                     isValidHost: recognised.framing == .host && isValidHost(valueBytes))
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
        // Swapped out, not copied: one retain per field saved.
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

    // MARK: - Chunked (RFC 9112 §7.1)

    /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1): the size, and how many bytes the extensions
    /// took. Extensions are checked against the grammar and then ignored:
    /// `chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )`, where a
    /// name is a token and a value a token or a quoted string. A parser in front of this server
    /// that reads a malformed extension differently must not see a different body.
    static func chunkSize(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> (size: Int, extensionBytes: Int) {
        var size = 0
        var index = 0
        while index < line.count, let value = hexValue(line[index]) {
            // 15 hex digits is 60 bits: anything longer cannot be a real chunk and would overflow.
            guard index < 15 else { throw .invalidChunkSize }
            size = size << 4 | value
            index += 1
        }
        guard index > 0 else { throw .invalidChunkSize }
        let digits = index
        if digits == line.count { return (size, 0) }
        // Whitespace after the size is only allowed before an extension.
        index = skippingWhitespace(line, from: index)
        guard index < line.count, line[index] == 59 else { throw .invalidChunkSize }  // ";"
        while index < line.count {
            guard line[index] == 59 else { throw .invalidChunkExtension }
            index = skippingWhitespace(line, from: index + 1)
            let name = index
            while index < line.count, isTokenByte(line[index]) { index += 1 }
            guard index > name else { throw .invalidChunkExtension }
            index = skippingWhitespace(line, from: index)
            guard index < line.count, line[index] == 61 else { continue }  // "="
            index = skippingWhitespace(line, from: index + 1)
            index = try chunkExtensionValueEnd(line, from: index)
            index = skippingWhitespace(line, from: index)
        }
        return (size, line.count - digits)
    }

    /// The end of a chunk extension's value starting at `start`: a token, or a quoted string
    /// (`DQUOTE *( qdtext / quoted-pair ) DQUOTE`, RFC 9110 §5.6.4).
    static func chunkExtensionValueEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) throws(HTTPDecodingError) -> Int {
        var index = start
        guard index < line.count else { throw .invalidChunkExtension }
        guard line[index] == 34 else {  // DQUOTE
            while index < line.count, isTokenByte(line[index]) { index += 1 }
            guard index > start else { throw .invalidChunkExtension }
            return index
        }
        index += 1
        while index < line.count {
            let byte = line[index]
            switch byte {
            case 34:
                return index + 1
            case 92:  // "\": quoted-pair, escaping HTAB, SP, VCHAR or obs-text: any byte but a control
                guard index + 1 < line.count, line[index + 1] == 9 || (line[index + 1] >= 32 && line[index + 1] != 127) else {
                    throw .invalidChunkExtension
                }
                index += 2
            default:
                guard isQuotedTextByte(byte) else { throw .invalidChunkExtension }
                index += 1
            }
        }
        throw .invalidChunkExtension  // no closing quote
    }

    /// qdtext: HTAB, SP, and visible characters other than `"` and `\`, or obs-text.
    static func isQuotedTextByte(_ byte: UInt8) -> Bool {
        byte == 9 || byte == 32 || byte == 33 || (byte >= 35 && byte <= 126 && byte != 92) || byte >= 128
    }

    /// The first index at or after `index` that is not SP or HTAB (BWS, RFC 9110 §5.6.3).
    static func skippingWhitespace(_ line: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < line.count, line[index] == 32 || line[index] == 9 { index += 1 }
        return index
    }

    // MARK: - Character classes

    /// tchar (RFC 9110 §5.6.2), as a bit set over ASCII: one shift and mask per byte.
    static func isTokenByte(_ byte: UInt8) -> Bool { isMember(byte, low: tokenLow, high: tokenHigh) }

    /// Whether `byte` is in the ASCII set whose bits are `low` (bytes 0–63) and `high` (64–127).
    @inline(__always)
    static func isMember(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        // Masking shifts: the amount is below 64 here, so no check for larger ones is needed.
        byte < 64 ? (low &>> UInt64(byte)) & 1 == 1 : byte < 128 && (high &>> UInt64(byte &- 64)) & 1 == 1
    }

    /// Bit n set when byte n (or n + 64) is in the set.
    static func bitSet(_ members: String) -> (low: UInt64, high: UInt64) {
        var low: UInt64 = 0, high: UInt64 = 0
        for byte in members.utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
        }
        return (low, high)
    }

    static let alphanumerics = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    /// The tchar characters: `alphanumerics` and ``!#$%&'*+-.^_`|~``.
    static let tokenCharacters = alphanumerics + "!#$%&'*+-.^_`|~"
    /// reg-name / IPv4 / IP-literal characters and ":" for the port (RFC 3986 §3.2.2).
    static let hostCharacters = alphanumerics + "-._~!$&'()*+,;=:[]%"
    // The sets above as literal bit masks (`bitSet` of each; a test checks they agree): a
    // literal global needs no lazy initialisation, so testing a byte costs no `swift_once`.
    static let tokenLow: UInt64 = 0x03ff_6cfa_0000_0000, tokenHigh: UInt64 = 0x57ff_ffff_c7ff_fffe
    static let hostLow: UInt64 = 0x2fff_7ff2_0000_0000, hostHigh: UInt64 = 0x47ff_fffe_afff_fffe

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    static func isAlpha(_ byte: UInt8) -> Bool { (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: return Int(byte - 48)
        case 65...70: return Int(byte - 55)
        case 97...102: return Int(byte - 87)
        default: return nil
        }
    }

    /// Plain decimal digits (no sign, no hex, no spaces); values past 2^62 saturate, since
    /// any such length is over every limit anyway.
    static func parseDecimal(_ text: Substring) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard isDigit(byte) else { return nil }
            value = value > (1 << 58) ? (1 << 62) : value * 10 + Int(byte - 48)
        }
        return value
    }

    /// `uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2): a reg-name or IPv4 address
    /// without `:`, or an IP literal in brackets, then optionally `:` and digits. Empty is
    /// allowed (RFC 9112 §3.2: the Host of a target without an authority).
    static func isValidHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        // One pass over the bytes, by index: this runs on every request.
        let count = host.count, colon: UInt8 = 58, open: UInt8 = 91, close: UInt8 = 93
        var index = 0
        if count > 0, host[0] == open {
            index = 1
            while index < count, host[index] != close {
                guard host[index] != open, isMember(host[index], low: hostLow, high: hostHigh) else { return false }
                index += 1
            }
            guard index < count else { return false }
            index += 1
        } else {
            while index < count, host[index] != colon {
                let byte = host[index]
                guard byte != open, byte != close, isMember(byte, low: hostLow, high: hostHigh) else { return false }
                index += 1
            }
        }
        guard index < count else { return true }
        guard host[index] == colon else { return false }
        index += 1
        while index < count {
            guard isDigit(host[index]) else { return false }
            index += 1
        }
        return true
    }
}

extension Substring {
    /// Without leading and trailing SP / HTAB (OWS, RFC 9110 §5.6.3).
    func trimmingOWS() -> Substring {
        var sub = Substring(self)
        while let first = sub.first, first == " " || first == "\t" { sub.removeFirst() }
        while let last = sub.last, last == " " || last == "\t" { sub.removeLast() }
        return sub
    }

    /// ASCII case-insensitive comparison, as coding names need.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            if x | 0x20 != y | 0x20 || !((x | 0x20) >= 97 && (x | 0x20) <= 122) { return false }
        }
        return true
    }
}
