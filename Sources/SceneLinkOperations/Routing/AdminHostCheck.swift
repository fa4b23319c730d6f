import SceneLinkCore
import SceneLinkHTTP

/// The Host check of every admin-port route (`RoutePolicy.port == .admin`), against DNS
/// rebinding: a web page whose own name an attacker points at 127.0.0.1 makes an operator's
/// browser send `Host: evil.example` to the admin port, and could read `/metrics` or spend the
/// loopback address's sign-in budget. As Django's `ALLOWED_HOSTS`, a request to an admin route
/// is served only when the host it asked for (`HTTPRequest.host`: `X-Forwarded-Host` from a
/// trusted proxy, else `Host`) is one of:
///
/// - the names of `--admin-hosts` (by default `localhost`, `127.0.0.1` and `::1`);
/// - the address the admin routes listen on (`--admin-listen`'s host, else `--host`), unless it
///   is `0.0.0.0` or `::`, which name every interface and no host;
/// - the route file's hosts (`app.hosts`), the public port's own names, read at each request so
///   a SIGHUP reload applies.
///
/// Anything else, a missing or malformed Host included, is answered 421 Misdirected Request
/// (RFC 9110 §15.5.20) as problem+json, before the admin token or a console session is looked
/// at. Names compare ASCII case-insensitively, without a trailing dot; the port is never
/// compared (a rebinding page's port is the admin port too, its name is what differs).
package struct AdminHostCheck: Sendable {
    /// The accepted names besides the route file's: lowercased, IPv6 without brackets.
    package let names: Set<String>
    /// The route table in force, whose hosts are accepted too.
    package let routes: Current<RouteTable>

    /// - Parameters:
    ///   - configured: `--admin-hosts`.
    ///   - listenHost: the host the admin routes listen on (`--admin-listen`'s, else `--host`).
    package init(configured: [String], listenHost: String, routes: Current<RouteTable>) {
        var names = Set(configured.compactMap { Self.name(inHost: Self.bracketed($0)) })
        if let listen = Self.name(inHost: Self.bracketed(listenHost)), listen != "0.0.0.0", listen != "::" {
            names.insert(listen)
        }
        self.names = names
        self.routes = routes
    }

    /// Whether a request that asked for `host` (a `Host` field's value) may reach an admin route.
    package func accepts(_ host: String?) -> Bool {
        guard let host, let name = Self.name(inHost: host) else { return false }
        return names.contains(name) || routes.value.hosts.contains(name)
    }

    /// `handler` behind the check.
    package func guarding(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { [self] request, responder in
            guard accepts(request.host) else { return responder.respond(refusal(for: request.host)) }
            handler(request, responder)
        }
    }

    /// The 421 answer to a request that asked for `host`.
    package func refusal(for host: String?) -> HTTPResponse {
        let accepted = (names.sorted() + routes.value.hosts).joined(separator: ", ")
        let asked = host.map { "'\($0.prefix(100))'" } ?? "no host"
        return HTTPProblem(
            status: .misdirectedRequest, type: HTTPProblem.typeBase + "misdirected-request", title: "Misdirected request",
            detail: "The admin port answers only requests for its own names (\(accepted)), not \(asked); "
                + "reach it by one of those, or add the name to --admin-hosts.").response()
    }

    /// The name of a `Host` value (`Example.COM.:9090` → `example.com`, `[::1]:9090` → `::1`):
    /// lowercased, without the port and one trailing dot; nil when it is not `name[:port]` or
    /// `[IPv6][:port]` (RFC 9110 §7.2, RFC 3986 §3.2.2).
    package static func name(inHost host: String) -> String? {
        var text = Substring(host.lowercased())
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            port = text[text.index(after: close)...]
            text = text[text.index(after: text.startIndex)..<close]
        } else if let colon = text.firstIndex(of: ":") {
            port = text[colon...]
            text = text[..<colon]
        } else {
            port = ""
        }
        guard port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy(\.isASCII) && port.dropFirst().allSatisfy(\.isNumber)) else {
            return nil
        }
        if text.hasSuffix(".") { text = text.dropLast() }
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) else { return nil }
        return String(text)
    }

    /// Reads `--admin-hosts`: names separated by commas, without a port; an IPv6 address bare
    /// (`::1`) or in brackets (`[::1]`).
    /// - Throws: `ConfigurationError` naming the first value that is not a host name.
    package static func parse(_ value: String, flag: String) throws(ConfigurationError) -> [String] {
        let items = value.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        for item in items {
            let isIPv6 = item.hasPrefix("[") ? item.hasSuffix("]") : item.filter { $0 == ":" }.count >= 2
            guard isIPv6 || !item.contains(":"), item.utf8.count <= 255, name(inHost: bracketed(item)) != nil else {
                throw ConfigurationError("--\(flag) takes host names without a port, separated by commas, "
                    + "such as localhost,admin.internal,::1, not '\(item.prefix(100))'.")
            }
        }
        return items
    }

    /// `host` as a `Host` field writes it: a bare IPv6 address (`::1`, as `--host` and `--admin-listen` keep it) in brackets.
    package static func bracketed(_ host: String) -> String {
        !host.hasPrefix("[") && host.filter { $0 == ":" }.count >= 2 ? "[\(host)]" : host
    }
}
