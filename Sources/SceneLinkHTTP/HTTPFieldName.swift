import SceneLinkText
/// Field names recognised from their bytes: the ones whose values shape a request's framing
/// or its connection, and the ones nearly every client sends.
///
/// A recognised name in its usual spelling (`Host`, `User-Agent`) comes back as a string
/// constant, so the decoder builds no string for it. Names compare case-insensitively
/// (RFC 9110 §5.1): `HOST` is recognised as `host` too, and keeps its own spelling.
struct HTTPFieldName: Sendable, Equatable {
    /// The fields the decoder acts on.
    enum Framing: Sendable, Equatable {
        case host, contentLength, transferEncoding, connection, expect
    }

    /// Which framing field the name is, if any.
    let framing: Framing?
    /// The name as a string when its bytes are a known name's usual spelling; nil otherwise.
    let spelled: String?

    static let unknown = HTTPFieldName(framing: nil, spelled: nil)

    /// Recognises `name`, the bytes of a field name that is a token.
    static func recognise(_ name: UnsafeBufferPointer<UInt8>) -> HTTPFieldName {
        switch name.count {
        case 4: return match(name, "Host", "Host", .host)
        case 6: return name.hasSameBytes(as: "Accept") ? HTTPFieldName(framing: nil, spelled: "Accept") : match(name, "Expect", "Expect", .expect)
        case 8: return match(name, "If-Match", "If-Match", nil)
        case 10:
            return name.hasSameBytes(as: "User-Agent") ? HTTPFieldName(framing: nil, spelled: "User-Agent")
                : match(name, "Connection", "Connection", .connection)
        case 12: return match(name, "Content-Type", "Content-Type", nil)
        case 13: return match(name, "Authorization", "Authorization", nil)
        case 14: return match(name, "Content-Length", "Content-Length", .contentLength)
        case 15: return match(name, "Accept-Encoding", "Accept-Encoding", nil)
        case 17: return match(name, "Transfer-Encoding", "Transfer-Encoding", .transferEncoding)
        default: return unknown
        }
    }

    /// `string` when `name` is exactly `spelling` (the same text); its framing field when
    /// `name` is `spelling` in another case.
    @inline(__always)
    private static func match(_ name: UnsafeBufferPointer<UInt8>, _ spelling: StaticString, _ string: String,
                              _ framing: Framing?) -> HTTPFieldName {
        if name.hasSameBytes(as: spelling) { return HTTPFieldName(framing: framing, spelled: string) }
        guard framing != nil,
              ASCIICase.equal(name, UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount))
        else { return unknown }
        return HTTPFieldName(framing: framing, spelled: nil)
    }
}
