extension RouteTable {
    /// A short link's URL, `https://HOST/s/CODE` on the table's first host; nil when the app lists no host.
    public func shortLinkURL(of code: ShortCode) -> String? {
        hosts.first.map { "https://\($0)\(ShortCode.pathPrefix)\(code.rawValue)" }
    }
}
