import SceneLinkText

extension ShortCode {
    /// The path prefix of short links on the app's hosts: `https://HOST/s/CODE`.
    public static let pathPrefix = "/s/"

    /// The code of a short link, `https://HOST/s/CODE`, where HOST is one of `hosts`; nil for
    /// any other link.
    ///
    /// The link is read by `LinkScanner`, as the resolver reads it: the scheme and host in any
    /// case, without userinfo or port (`https://HOST:443/s/CODE` is the same link), the code
    /// segment percent-decoded once, empty segments, the query and the fragment ignored. The
    /// code is returned as written, not validated: a short link whose code is malformed is an
    /// unknown short link, not a link for the route table.
    ///
    /// ```swift
    /// ShortCode.codeText(inShortLink: "https://fuelmoney.example.com/s/abc?utm=x",
    ///                    hosts: ["fuelmoney.example.com"])   // "abc"
    /// ```
    public static func codeText(inShortLink link: String, hosts: [String]) -> String? {
        LinkScanner.segment(after: "s", inLink: link, hosts: hosts)
    }
}
