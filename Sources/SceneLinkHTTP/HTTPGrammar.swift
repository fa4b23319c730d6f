import SceneLinkText

/// The HTTP/1.1 message grammar (RFC 9112, with the field syntax of RFC 9110), one rule per
/// function, over the bytes of one line. `HTTPRequestDecoder` finds the lines and keeps the
/// state; these functions say whether a line is well formed and what it holds.
///
/// The grammar is applied strictly: where RFC 9112 lets a recipient be lenient, a server
/// that is lenient in a different way from a proxy in front of it reads a different message
/// from the same bytes, which is how requests are smuggled.
enum HTTPGrammar {
    // MARK: - Request line (RFC 9112 §3)

    /// `request-line = method SP request-target SP HTTP-version` (RFC 9112 §3).
    static func requestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> (HTTPMethod, String, HTTPVersion) {
        let count = line.count
        var firstSpace = 0
        // method = token (RFC 9110 §9.1)
        while firstSpace < count, line[firstSpace] != .space {
            guard isTokenByte(line[firstSpace]) else { throw .invalidRequestLine }
            firstSpace += 1
        }
        guard firstSpace > 0, firstSpace < count else { throw .invalidRequestLine }
        let targetStart = firstSpace + 1
        var secondSpace = targetStart
        // The target is visible ASCII only (RFC 9112 §3.2); whitespace or controls in it mean
        // garbage, or a request line that another parser would split differently.
        while secondSpace < count, isVisibleASCII(line[secondSpace]) { secondSpace += 1 }
        guard secondSpace > targetStart, secondSpace < count, line[secondSpace] == .space else { throw .invalidRequestLine }
        let version = try version(UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...]))
        let methodBytes = UnsafeBufferPointer(rebasing: line[..<firstSpace])
        let method = knownMethod(methodBytes) ?? HTTPMethod(rawValue: String(decoding: methodBytes, as: UTF8.self))
        let targetBytes = UnsafeBufferPointer(rebasing: line[targetStart ..< secondSpace])
        guard isValidTarget(targetBytes, method: method) else { throw .invalidTarget }
        return (method, String(decoding: targetBytes, as: UTF8.self), version)
    }

    /// The methods nearly every request uses, matched on their bytes so that no string is built.
    static func knownMethod(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPMethod? {
        switch bytes.count {
        case 3:
            if bytes.hasSameBytes(as: "GET") { return .get }
            if bytes.hasSameBytes(as: "PUT") { return .put }
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

    /// `HTTP-version = "HTTP/" DIGIT "." DIGIT` (RFC 9112 §2.3). `HTTP/1.0` and `HTTP/1.1`; a
    /// higher 1.x minor version is served as 1.1 (RFC 9110 §6.2); another major version is 505;
    /// anything else is not a version at all (400).
    static func version(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> HTTPVersion {
        guard bytes.count == 8, UnsafeBufferPointer(rebasing: bytes[..<5]).hasSameBytes(as: "HTTP/"), bytes[6] == .period,
              isDigit(bytes[5]), isDigit(bytes[7]) else {
            throw .invalidRequestLine
        }
        let major = Int(bytes[5] - .zero), minor = Int(bytes[7] - .zero)
        guard major == 1 else { throw .unsupportedVersion("HTTP/\(major).\(minor)") }
        return minor == 0 ? .http1_0 : .http1_1
    }

    /// `request-target` (RFC 9112 §3.2): origin-form (`/path?query`), absolute-form
    /// (`http://host/path`), authority-form (only for CONNECT) or asterisk-form (only for OPTIONS).
    static func isValidTarget(_ target: UnsafeBufferPointer<UInt8>, method: HTTPMethod) -> Bool {
        guard let first = target.first else { return false }
        if first == .slash { return true }
        if target.count == 1, first == .asterisk { return method == .options }
        if method == .connect { return true }
        // absolute-form: scheme "://" authority ..., scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        // (RFC 3986 §3.1).
        guard isAlpha(first) else { return false }
        var index = 0
        while index < target.count, isAlpha(target[index]) || isDigit(target[index])
                || target[index] == .plus || target[index] == .hyphen || target[index] == .period {
            index += 1
        }
        guard target[index...].starts(with: "://".utf8) else { return false }
        // The authority: RFC 9110 §4.2.4 treats userinfo (`user@`) as an error, and §4.2.1
        // rejects an http(s) URI with an empty host.
        let authorityStart = index + 3
        var authorityEnd = authorityStart
        while authorityEnd < target.count,
              target[authorityEnd] != .slash, target[authorityEnd] != .questionMark, target[authorityEnd] != .numberSign {
            authorityEnd += 1
        }
        if target[authorityStart ..< authorityEnd].contains(.atSign) { return false }
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

    /// `field-line = field-name ":" OWS field-value OWS` (RFC 9112 §5), and what the name
    /// was recognised as.
    static func field(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> Field {
        let count = line.count
        guard count > 0 else { throw .invalidFieldName }
        // RFC 9112 §5.2: a line starting with whitespace continues the previous one (obs-fold);
        // a server must reject it or replace it, and this one rejects it.
        if isWhitespace(line[0]) { throw .obsoleteLineFolding }
        var colon = 0
        while colon < count, line[colon] != .colon {
            let byte = line[colon]
            if !isTokenByte(byte) {
                // RFC 9112 §5.1: whitespace between name and colon must be answered 400.
                if isWhitespace(byte) { throw .whitespaceBeforeColon }
                if byte == .cr { throw .invalidLineEnding }
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
        while valueEnd > valueStart, isWhitespace(line[valueEnd - 1]) { valueEnd -= 1 }
        for index in valueStart ..< valueEnd where !isFieldValueByte(line[index]) {
            throw line[index] == .cr ? .invalidLineEnding : .invalidFieldValue(name: name)
        }
        let valueBytes = UnsafeBufferPointer(rebasing: line[valueStart ..< valueEnd])
        return Field(name: name, value: String(decoding: valueBytes, as: UTF8.self), recognised: recognised,
                     isValidHost: recognised.framing == .host && isValidHost(valueBytes))
    }

    /// `Host = uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2): a reg-name or IPv4
    /// address without `:`, or an IP literal in brackets, then optionally `:` and digits. Empty
    /// is allowed (RFC 9112 §3.2: the Host of a target without an authority).
    static func isValidHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = host.count
        var index = 0
        if count > 0, host[0] == .leftBracket {
            index = 1
            while index < count, host[index] != .rightBracket {
                guard host[index] != .leftBracket, isHostByte(host[index]) else { return false }
                index += 1
            }
            guard index < count else { return false }
            index += 1
        } else {
            while index < count, host[index] != .colon {
                let byte = host[index]
                guard byte != .leftBracket, byte != .rightBracket, isHostByte(byte) else { return false }
                index += 1
            }
        }
        guard index < count else { return true }
        guard host[index] == .colon else { return false }
        return host[(index + 1)...].allSatisfy(isDigit)
    }

    /// `Content-Length = 1*DIGIT` (RFC 9110 §8.6): plain decimal digits, no sign, no spaces.
    /// Values past 2^62 saturate, since any such length is over every limit anyway.
    static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard isDigit(byte) else { return nil }
            value = value > (1 << 58) ? (1 << 62) : value * 10 + Int(byte - .zero)
        }
        return value
    }

    // MARK: - Chunked transfer coding (RFC 9112 §7.1)

    /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1): the size, and how many bytes the extensions
    /// took. Extensions are checked against the grammar and then ignored (§7.1.1):
    /// `chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )`, where a
    /// name is a token and a value a token or a quoted string. A parser in front of this server
    /// that reads a malformed extension differently must not see a different body.
    static func chunkSize(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPDecodingError) -> (size: Int, extensionBytes: Int) {
        var size = 0
        var index = 0
        while index < line.count, let value = HexDigit.value(of: line[index]) {
            // 15 hex digits is 60 bits: anything longer cannot be a real chunk and would overflow.
            guard index < 15 else { throw .invalidChunkSize }
            size = size << 4 | Int(value)
            index += 1
        }
        guard index > 0 else { throw .invalidChunkSize }
        let digits = index
        if digits == line.count { return (size, 0) }
        // Whitespace after the size is only allowed before an extension.
        index = skippingWhitespace(line, from: index)
        guard index < line.count, line[index] == .semicolon else { throw .invalidChunkSize }
        while index < line.count {
            guard line[index] == .semicolon else { throw .invalidChunkExtension }
            index = skippingWhitespace(line, from: index + 1)
            let name = index
            while index < line.count, isTokenByte(line[index]) { index += 1 }
            guard index > name else { throw .invalidChunkExtension }
            index = skippingWhitespace(line, from: index)
            guard index < line.count, line[index] == .equalsSign else { continue }
            index = skippingWhitespace(line, from: index + 1)
            index = try chunkExtensionValueEnd(line, from: index)
            index = skippingWhitespace(line, from: index)
        }
        return (size, line.count - digits)
    }

    /// The end of a chunk extension's value starting at `start`: a token, or a
    /// `quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE` (RFC 9110 §5.6.4).
    static func chunkExtensionValueEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) throws(HTTPDecodingError) -> Int {
        var index = start
        guard index < line.count else { throw .invalidChunkExtension }
        guard line[index] == .doubleQuote else {
            while index < line.count, isTokenByte(line[index]) { index += 1 }
            guard index > start else { throw .invalidChunkExtension }
            return index
        }
        index += 1
        while index < line.count {
            switch line[index] {
            case .doubleQuote:
                return index + 1
            case .backslash:
                // quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text ): any byte but a control.
                guard index + 1 < line.count, isFieldValueByte(line[index + 1]) else { throw .invalidChunkExtension }
                index += 2
            default:
                guard isQuotedTextByte(line[index]) else { throw .invalidChunkExtension }
                index += 1
            }
        }
        throw .invalidChunkExtension  // no closing quote
    }

    // MARK: - Character classes

    /// `tchar` (RFC 9110 §5.6.2): the bytes of a token (a method, a field name, a coding).
    static func isTokenByte(_ byte: UInt8) -> Bool { isMember(byte, low: tokenLow, high: tokenHigh) }

    /// A byte of `uri-host` or of the `:` before a port (RFC 3986 §3.2.2).
    static func isHostByte(_ byte: UInt8) -> Bool { isMember(byte, low: hostLow, high: hostHigh) }

    /// `field-value = *( VCHAR / obs-text / SP / HTAB )` (RFC 9110 §5.5): any byte but the
    /// controls other than HTAB, so no NUL, CR or LF can hide in a value.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= .space && byte != .delete || byte == .htab
    }

    /// `qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text` (RFC 9110 §5.6.4): what a
    /// quoted string holds without escaping, everything but controls, `"` and `\`.
    static func isQuotedTextByte(_ byte: UInt8) -> Bool {
        isFieldValueByte(byte) && byte != .doubleQuote && byte != .backslash
    }

    /// `VCHAR` (RFC 5234 §B.1): printable ASCII, no space.
    static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > .space && byte < .delete }

    /// SP or HTAB, the whitespace of OWS and BWS (RFC 9110 §5.6.3).
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == .space || byte == .htab }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= .zero && byte <= .nine }

    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    }

    /// The first index at or after `index` that is not SP or HTAB (OWS and BWS, RFC 9110 §5.6.3).
    static func skippingWhitespace(_ line: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < line.count, isWhitespace(line[index]) { index += 1 }
        return index
    }

    /// Whether `byte` is in the ASCII set whose bits are `low` (bytes 0–63) and `high` (64–127):
    /// a set of 128 bytes tested with one shift and mask.
    static func isMember(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
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
    // The two sets above as bit masks, written out as the constants `bitSet` computes from
    // them (a test checks they agree), so that they are plain constants, set at compile time.
    static let tokenLow: UInt64 = 0x03ff_6cfa_0000_0000, tokenHigh: UInt64 = 0x57ff_ffff_c7ff_fffe
    static let hostLow: UInt64 = 0x2fff_7ff2_0000_0000, hostHigh: UInt64 = 0x47ff_fffe_afff_fffe
}
