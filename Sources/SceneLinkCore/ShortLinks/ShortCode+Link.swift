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
        // Most links are custom-scheme links: one byte decides.
        guard !hosts.isEmpty, let first = link.utf8.first, first | 0x20 == UInt8(ascii: "h") else { return nil }
        var text = link
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: LinkSegment.self, capacity: 2) { buffer in
                guard case .success(let scanned) = LinkScanner.scan(bytes, schemes: [], hosts: hosts, segments: buffer),
                      scanned.host != nil, scanned.segmentCount == 2 else { return nil }
                let prefix = buffer[0], code = buffer[1]
                guard bytes[prefix.start..<prefix.end].elementsEqual(pathPrefix.utf8.dropFirst().dropLast()) else { return nil }
                let raw = UnsafeBufferPointer(rebasing: bytes[code.start..<code.end])
                return scanned.hasEscapes ? PercentDecoding.decode(utf8: raw) : String(decoding: raw, as: UTF8.self)
            }
        }
    }
}
