import SceneLinkCore
import SceneLinkHTTP

/// What a request that changes something must show besides its session: that it comes from a
/// console page (same origin) and carries the session's form token. Either missing or wrong
/// is answered 403 and nothing changes.
///
/// **Same origin.** `Sec-Fetch-Site`, when sent, must be `same-origin` (`cross-site`,
/// `same-site` (another port or subdomain) and `none` are refused); `Origin`, when sent, must be
/// the request's own origin, its scheme (`HTTPRequest.scheme`) and host (`Host`, or
/// `X-Forwarded-Host` from a trusted proxy), compared without case. At least one of the two
/// must be present: every browser that runs the console sends them on a form's POST.
/// `Origin: null` with `Sec-Fetch-Site: same-origin` is the console's own form: every console
/// page answers `Referrer-Policy: no-referrer`, under which Chromium sends `Origin: null` on a
/// form's POST; `Sec-Fetch-Site`, which only the browser sets, vouches for it. `Origin: null`
/// without `Sec-Fetch-Site` (a sandboxed frame, an old browser) is refused.
///
/// **Form token.** The body's `csrf` field must equal the session's form token, compared in
/// constant time.
package enum ConsoleRequestCheck {
    /// Why `request` does not show the same origin, or nil when it does.
    package static func originRefusal(_ request: HTTPRequest) -> String? {
        let site = request.headers.values(named: "Sec-Fetch-Site")
        var origins = request.headers.values(named: "Origin")
        if site.count == 1, site[0].lowercased() == "same-origin", origins == ["null"] { origins = [] }
        if site.isEmpty, origins.isEmpty {
            return "The request carries neither Sec-Fetch-Site nor Origin, so it cannot be told apart from one another site made; "
                + "submit the form from the console page in a current browser."
        }
        if !site.isEmpty, site.count != 1 || site[0].lowercased() != "same-origin" {
            return "The request comes from another site (Sec-Fetch-Site: \(site.joined(separator: ", ").prefix(40))); "
                + "changes are taken only from the console's own pages."
        }
        if !origins.isEmpty {
            let own = "\(request.scheme)://\(request.host ?? "")".lowercased()
            guard origins.count == 1, origins[0].lowercased() == own else {
                return "The request's Origin is not this console's; changes are taken only from the console's own pages."
            }
        }
        return nil
    }

    /// Why `request` may not change anything for `session`, or nil when it may.
    package static func refusal(_ request: HTTPRequest, session: ConsoleSession) -> String? {
        if let origin = originRefusal(request) { return origin }
        let sent = ConsoleForm(body: request.body)["csrf"] ?? ""
        guard SessionToken.constantTimeEqual(Array(sent.utf8), Array(session.formToken.utf8)) else {
            return "The form token is missing or wrong (the page is older than your session, or another site sent the form); "
                + "reload the page and submit it again."
        }
        return nil
    }
}
