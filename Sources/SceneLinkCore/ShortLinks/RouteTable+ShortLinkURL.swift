extension RouteTable {
    /// A short link's URL, `https://HOST/s/CODE` (`shortLinkPath`) on the table's first host; nil
    /// when the app lists no host.
    public func shortLinkURL(of code: ShortCode) -> String? {
        hosts.first.map { "https://\($0)\(shortLinkPath.prefix)\(code.rawValue)" }
    }

    /// The code of a short link on the app's hosts (`ShortCode.codeText(inShortLink:hosts:path:)`);
    /// at the root, only a one-segment link no route takes (a route's path is never a code).
    public func shortLinkCode(in link: String) -> String? {
        guard let text = ShortCode.codeText(inShortLink: link, hosts: hosts, path: shortLinkPath) else { return nil }
        if shortLinkPath == .root, (try? routeName(of: link)) != nil { return nil }
        return text
    }

    /// At the root (`shortLinkPath` `.root`), the route whose path `code` is (so no link may have
    /// that code); nil when none is, and always under a segment.
    public func routeShadowing(code: ShortCode) -> String? {
        guard shortLinkPath == .root, let host = hosts.first else { return nil }
        guard let name = try? routeName(of: "https://\(host)/\(code.rawValue)") else { return nil }
        return name
    }

    /// Under a segment (`/promo/`), the first route whose path starts with it (it would hide every
    /// short link); nil when none does, and always at the root.
    public var routeUnderShortLinkPrefix: String? {
        guard case .segment(let name) = shortLinkPath else { return nil }
        for route in routes where route.aliasOf == nil {
            if case .literal(let text)? = route.segments.first, text == name { return route.name }
        }
        return nil
    }
}
