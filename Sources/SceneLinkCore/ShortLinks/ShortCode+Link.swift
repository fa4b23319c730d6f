import SceneLinkText

extension ShortCode {
    /// The code of a short link, `https://HOST/s/CODE` (or under `path`), where HOST is one of
    /// `hosts`; nil for any other link. At the root (`https://HOST/CODE`) every one-segment link
    /// is read as a code: `RouteTable.shortLinkCode(in:)` leaves out the routes' paths.
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
    public static func codeText(inShortLink link: String, hosts: [String], path: ShortLinkPath = .standard) -> String? {
        switch path {
        case .segment(let name): LinkScanner.segment(after: name, inLink: link, hosts: hosts)
        case .root: LinkScanner.segment(after: nil, inLink: link, hosts: hosts)
        }
    }
}
