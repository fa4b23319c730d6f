extension ShortCode {
    /// The path prefix of short links on the app's hosts: `https://HOST/s/CODE`.
    public static let pathPrefix = "/s/"

    /// The code segment of a short link, `https://HOST/s/CODE`, where HOST is one of `hosts`
    /// (ASCII case-insensitively, without userinfo or port); nil for any other link.
    ///
    /// A query or fragment after the code is ignored, as is one trailing `/`. The segment is
    /// returned as written, not validated: a short link whose code is malformed is an unknown
    /// short link, not a link for the route table.
    ///
    /// ```swift
    /// ShortCode.codeText(inShortLink: "https://fuelmoney.example.com/s/abc?utm=x",
    ///                    hosts: ["fuelmoney.example.com"])   // "abc"
    /// ```
    public static func codeText(inShortLink link: String, hosts: [String]) -> Substring? {
        let scheme = "https://"
        // Most links are custom-scheme links: one byte decides.
        guard let first = link.utf8.first, lowercased(first) == UInt8(ascii: "h"),
              link.utf8.count > scheme.utf8.count,
              link.utf8.prefix(scheme.utf8.count).elementsEqual(scheme.utf8, by: { lowercased($0) == $1 }) else {
            return nil
        }
        let rest = link.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let host = rest[..<slash]
        // Hosts in a route table are lowercased already.
        guard hosts.contains(where: { $0.utf8.elementsEqual(host.utf8, by: { $0 == lowercased($1) }) }) else {
            return nil
        }
        let path = rest[slash...]
        guard path.hasPrefix(pathPrefix) else { return nil }
        var code = path.dropFirst(pathPrefix.count)
        if let end = code.firstIndex(where: { $0 == "?" || $0 == "#" }) { code = code[..<end] }
        if code.hasSuffix("/") { code = code.dropLast() }
        return code
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
