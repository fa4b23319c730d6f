import Foundation

extension LinkCampaign {
    /// `url` with this campaign handed on, where the destination can carry it:
    /// - a Google Play page (`https://play.google.com/…`): the UTM values as its install
    ///   `referrer` (form-encoded, then percent-encoded as one parameter), after `referrerPairs`
    ///   (a claim's `scenelink_claim=TOKEN`); a URL that already has a `referrer` keeps it and
    ///   gets none;
    /// - an App Store page (`apps.apple.com`, `itunes.apple.com`): `pt`, `ct`, `mt` and `at`;
    /// - any other http or https page: the `utm_…` parameters;
    /// - anything else (a custom scheme): unchanged.
    ///
    /// A parameter the URL already has is kept, never replaced; a fragment stays last.
    public func destination(_ url: String, referrerPairs: [String] = []) -> String {
        guard let host = Self.host(of: url) else { return url }
        var added: [String] = []
        if host == "play.google.com" {
            let pairs = referrerPairs + Self.utmNames.compactMap { name in self[name].map { name + "=" + Self.percentEncoded($0) } }
            guard !pairs.isEmpty, !Self.hasParameter("referrer", in: url) else { return url }
            added = ["referrer=" + Self.percentEncoded(pairs.joined(separator: "&"))]
        } else {
            let names = host == "apps.apple.com" || host == "itunes.apple.com" ? Self.appStoreNames : Self.utmNames
            for name in names {
                guard let value = self[name], !Self.hasParameter(name, in: url) else { continue }
                added.append(name + "=" + Self.percentEncoded(value))
            }
        }
        guard !added.isEmpty else { return url }
        let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
        let beforeFragment = url[..<fragmentStart]
        let separator = beforeFragment.contains("?") ? (beforeFragment.hasSuffix("?") || beforeFragment.hasSuffix("&") ? "" : "&") : "?"
        return beforeFragment + separator + added.joined(separator: "&") + url[fragmentStart...]
    }

    /// The lower-cased host of an http or https URL; nil for any other.
    static func host(of url: String) -> String? {
        let rest: Substring
        if url.utf8.count > 8, url.prefix(8).lowercased() == "https://" {
            rest = url.dropFirst(8)
        } else if url.utf8.count > 7, url.prefix(7).lowercased() == "http://" {
            rest = url.dropFirst(7)
        } else {
            return nil
        }
        let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
        let hostAndPort = authority[(authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex)...]
        let host = hostAndPort.hasPrefix("[") ? hostAndPort : hostAndPort[..<(hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex)]
        return host.lowercased()
    }

    /// Whether the query of `url` has a parameter called `name`.
    static func hasParameter(_ name: String, in url: String) -> Bool {
        guard let mark = url.firstIndex(of: "?") else { return false }
        let rest = url[url.index(after: mark)...]
        let query = rest[..<(rest.firstIndex(of: "#") ?? rest.endIndex)]
        return query.split(separator: "&").contains { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0 == name } ?? false
        }
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// RFC 3986 §2.3's unreserved characters.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
