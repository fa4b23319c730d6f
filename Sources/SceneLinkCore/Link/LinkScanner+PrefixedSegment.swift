import SceneLinkText

extension LinkScanner {
    /// The second path segment of `https://HOST/PREFIX/SEGMENT`, where HOST is one of `hosts`;
    /// nil for any other link. Short links (`/s/CODE`) and claim URLs (`/c/TOKEN`) are read
    /// through this, as the resolver reads links: the scheme and host in any case, without
    /// userinfo or port, the segment percent-decoded once, empty segments, the query and the
    /// fragment ignored. The segment is returned as written, not validated.
    ///
    /// With no `prefix` (short links at the root, `https://HOST/SEGMENT`), the only segment.
    static func segment(after prefix: String?, inLink link: String, hosts: [String]) -> String? {
        // Most links are custom-scheme links: one byte decides.
        guard !hosts.isEmpty, let first = link.utf8.first, first | 0x20 == UInt8(ascii: "h") else { return nil }
        var text = link
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: LinkSegment.self, capacity: 2) { buffer in
                guard case .success(let scanned) = LinkScanner.scan(bytes, schemes: [], hosts: hosts, segments: buffer),
                      scanned.host != nil, scanned.segmentCount == (prefix == nil ? 1 : 2) else { return nil }
                let last = buffer[scanned.segmentCount - 1]
                if let prefix {
                    let first = buffer[0]
                    guard bytes[first.start..<first.end].elementsEqual(prefix.utf8) else { return nil }
                }
                let raw = UnsafeBufferPointer(rebasing: bytes[last.start..<last.end])
                return scanned.hasEscapes ? PercentDecoding.decode(utf8: raw) : String(decoding: raw, as: UTF8.self)
            }
        }
    }
}
