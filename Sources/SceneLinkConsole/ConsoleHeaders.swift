import SceneLinkHTTP

/// The fields every console answer carries, whatever its status: pages, redirects, refusals.
///
/// - `Content-Security-Policy`: nothing from anywhere (`default-src 'none'`) but the console's
///   own style sheet (`style-src 'self'`), images of its own or inline data (a QR code's
///   download), forms posted to itself, no framing (`frame-ancestors 'none'`) and no `<base>`;
///   no `'unsafe-inline'` and no script at all: the console needs no JavaScript.
/// - `X-Frame-Options: DENY` for browsers without CSP framing control.
/// - `Cache-Control: no-store`: pages hold operators' data and form tokens.
/// - `Referrer-Policy: no-referrer`, `X-Content-Type-Options: nosniff`.
package enum ConsoleHeaders {
    package static let contentSecurityPolicy = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'"

    package static let fields: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Content-Type-Options", "nosniff"),
    ]

    /// `response` with every console field set (replacing any of the same name).
    package static func applied(to response: HTTPResponse) -> HTTPResponse {
        var response = response
        for field in fields { response.headers.set(field.name, field.value) }
        return response
    }

    /// A responder that adds the console's fields to what it is given, then answers with `responder`.
    package static func securing(_ responder: HTTPResponder) -> HTTPResponder {
        HTTPResponder { responder.respond(applied(to: $0)) }
    }

    /// 303 See Other to `location` (a path from code), with the console's fields.
    package static func redirect(to location: String, headers extra: [(name: String, value: String)] = []) -> HTTPResponse {
        var response = HTTPResponse(status: .seeOther)
        response.headers.set("Location", location)
        for field in extra { response.headers.add(field.name, field.value) }
        return applied(to: response)
    }
}
