/// What the fields that decide a request's framing and its connection said, noted by the
/// decoder as each field line is parsed, so finishing the head needs no second search
/// through the fields.
///
/// Names are recognised on their bytes, case-insensitively (RFC 9110 §5.1), by length first:
/// a typical request has none of these fields but `Host`, and most names are ruled out by
/// their length alone.
struct HTTPHeadFields: Sendable {
    var hostCount = 0
    /// Whether the last `Host` value has only host characters (what matters when there is one).
    var hostIsValid = true
    var contentLength: Int?
    /// The first problem with a `Content-Length` field, thrown when the head is finished.
    var contentLengthProblem: HTTPDecodingError?
    var hasTransferEncoding = false
    /// Every `Transfer-Encoding` value joined with ", ", for error messages.
    var transferEncodingValue = ""
    var transferCodings: [Substring] = []
    /// `Connection: close` was among the options.
    var connectionClose = false
    /// `Connection: keep-alive` was among the options.
    var connectionKeepAlive = false
    /// The first `Expect` field was `100-continue`.
    var expectsContinue = false
    private var sawExpect = false

    /// Notes one field whose `name` is a token and whose `value` is checked already.
    mutating func note(name: String, value: String) {
        switch name.utf8.count {
        case 4 where Self.name(name, is: "host"):
            hostCount += 1
            hostIsValid = HTTPRequestDecoder.isValidHost(value)
        case 14 where Self.name(name, is: "content-length"):
            noteContentLength(value)
        case 17 where Self.name(name, is: "transfer-encoding"):
            hasTransferEncoding = true
            transferEncodingValue += transferEncodingValue.isEmpty ? value : ", " + value
            for element in value.split(separator: ",") {
                let trimmed = element.trimmingOWS()
                if !trimmed.isEmpty { transferCodings.append(trimmed) }
            }
        case 10 where Self.name(name, is: "connection"):
            for option in value.split(separator: ",") {
                let token = option.trimmingOWS()
                if token.equalsIgnoringASCIICase("close") { connectionClose = true }
                if token.equalsIgnoringASCIICase("keep-alive") { connectionKeepAlive = true }
            }
        case 6 where Self.name(name, is: "expect"):
            guard !sawExpect else { return }
            sawExpect = true
            expectsContinue = Substring(value).trimmingOWS().equalsIgnoringASCIICase("100-continue")
        default:
            break
        }
    }

    /// RFC 9110 §8.6: a list of identical values may be accepted as one; anything else is an error.
    private mutating func noteContentLength(_ value: String) {
        guard contentLengthProblem == nil else { return }
        for element in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let length = HTTPRequestDecoder.parseDecimal(element.trimmingOWS()) else {
                contentLengthProblem = .invalidContentLength(value)
                return
            }
            if let previous = contentLength, previous != length {
                contentLengthProblem = .conflictingContentLength
                return
            }
            contentLength = length
        }
    }

    /// Whether `name` is `lowercase`, ignoring ASCII case (RFC 9110 §5.1).
    static func name(_ name: String, is lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { expected in
            name.utf8.withContiguousStorageIfAvailable { String.equalsIgnoringASCIICase($0, expected) }
                ?? String.equalsIgnoringASCIICase(Array(name.utf8), expected)
        }
    }
}
