import SceneLinkText
/// What the fields that decide a request's framing and its connection said, noted by the
/// decoder as each field line is parsed, so finishing the head needs no second search
/// through the fields.
///
/// Which field a name is comes from `HTTPFieldName`, recognised on the name's bytes.
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

    /// Notes one framing field whose value is checked already; `isValidHost` says, for `Host`,
    /// whether the value has only host characters.
    mutating func note(_ field: HTTPFieldName.Framing, value: String, isValidHost: Bool) {
        switch field {
        case .host:
            hostCount += 1
            hostIsValid = isValidHost
        case .contentLength:
            noteContentLength(value)
        case .transferEncoding:
            hasTransferEncoding = true
            transferEncodingValue += transferEncodingValue.isEmpty ? value : ", " + value
            for element in value.split(separator: ",") {
                let trimmed = element.trimmingOWS()
                if !trimmed.isEmpty { transferCodings.append(trimmed) }
            }
        case .connection:
            for option in value.split(separator: ",") {
                let token = option.trimmingOWS()
                if token.equalsIgnoringASCIICase("close") { connectionClose = true }
                if token.equalsIgnoringASCIICase("keep-alive") { connectionKeepAlive = true }
            }
        case .expect:
            guard !sawExpect else { return }
            sawExpect = true
            expectsContinue = Substring(value).trimmingOWS().equalsIgnoringASCIICase("100-continue")
        }
    }

    /// RFC 9110 §8.6: a list of identical values may be accepted as one; anything else is an error.
    private mutating func noteContentLength(_ value: String) {
        guard contentLengthProblem == nil else { return }
        for element in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let length = HTTPGrammar.decimal(element.trimmingOWS()) else {
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
}
