extension AuditEntry {
    /// What `reader` may see of this entry. A webhook endpoint's URL can carry a token in its path
    /// or query (Slack's and Discord's do), so a reader who may not list webhooks
    /// (`AdminOperation.listWebhooks`) sees only its scheme and host: `https://hooks.example.com/…`.
    public func redacted(for reader: OperatorIdentity) -> AuditEntry {
        guard subject.hasPrefix("webhook:"), let url = detail["url"], !reader.may(.listWebhooks) else { return self }
        var entry = self
        entry.detail["url"] = Self.origin(of: url)
        return entry
    }

    /// `scheme://host[:port]` of `url`, without credentials, and `/…` when anything followed;
    /// `…` alone for text that is not an absolute URL.
    static func origin(of url: String) -> String {
        guard let separator = url.range(of: "://") else { return "…" }
        let rest = url[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        let origin = url[..<separator.upperBound] + host
        return authority.count < rest.count || host.count < authority.count ? origin + "/…" : String(origin)
    }
}
