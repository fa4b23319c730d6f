extension HTTPRequest {
    /// Whether the client wants the connection kept open after this request (RFC 9112 §9.3):
    /// HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    var wantsKeepAlive: Bool {
        var close = false
        var keepAlive = false
        for field in headers.fields where field.name.equalsIgnoringASCIICase("connection") {
            for option in field.value.split(separator: ",") {
                let token = option.trimmingOWS()
                if token.equalsIgnoringASCIICase("close") { close = true }
                if token.equalsIgnoringASCIICase("keep-alive") { keepAlive = true }
            }
        }
        if close { return false }
        return version == .http1_0 ? keepAlive : true
    }

    /// Whether the client waits for `100 Continue` before sending the body (RFC 9110 §10.1.1).
    /// HTTP/1.0 clients never get an interim response.
    var expectsContinue: Bool {
        guard version != .http1_0, let expect = headers["expect"] else { return false }
        return Substring(expect).trimmingOWS().equalsIgnoringASCIICase("100-continue")
    }
}
