import SceneLinkHTTP

/// The console session's cookie: `scenelink_console=ID` with `Path=/console`, `HttpOnly`,
/// `SameSite=Strict`, `Secure` when the console was reached over HTTPS, and no `Max-Age` or
/// `Expires` (a browser session cookie; the server ends the session itself).
package enum ConsoleCookie {
    package static let name = "scenelink_console"

    /// The `Set-Cookie` value that starts a session.
    package static func starting(id: String, secure: Bool) -> String {
        "\(name)=\(id); Path=/console; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes the cookie (sign-out).
    package static func clearing(secure: Bool) -> String {
        "\(name)=; Path=/console; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : "")
    }

    /// The session id the request's `Cookie` fields carry (RFC 6265 §5.4: `name=value` pairs
    /// separated by `; `), the first one that is well formed; nil when there is none.
    package static func sessionID(in request: HTTPRequest) -> String? {
        for field in request.headers.values(named: "Cookie") {
            for pair in field.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " || $0 == "\t" }
                guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name[...] else { continue }
                let value = String(trimmed[trimmed.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
                if ConsoleSessions.isWellFormed(value) { return value }
            }
        }
        return nil
    }
}
