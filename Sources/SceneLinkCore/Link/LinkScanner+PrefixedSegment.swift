import SceneLinkText

extension LinkScanner {
    /// The second path segment of `https://HOST/PREFIX/SEGMENT`, where HOST is one of `hosts`;
    /// nil for any other link. Short links (`/s/CODE`) and claim URLs (`/c/TOKEN`) are read
    /// through this, as the resolver reads links: the scheme and host in any case, without
    /// userinfo or port, the segment percent-decoded once, empty segments, the query and the
    /// fragment ignored. The segment is returned as written, not validated.
    static func segment(after prefix: StaticString, inLink link: String, hosts: [String]) -> String? {
        // Most links are custom-scheme links: one byte decides.
        guard !hosts.isEmpty, let first = link.utf8.first, first | 0x20 == UInt8(ascii: "h") else { return nil }
        var text = link
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: LinkSegment.self, capacity: 2) { buffer in
                guard case .success(let scanned) = LinkScanner.scan(bytes, schemes: [], hosts: hosts, segments: buffer),
                      scanned.host != nil, scanned.segmentCount == 2 else { return nil }
                let first = buffer[0], second = buffer[1]
                let prefixBytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                guard bytes[first.start..<first.end].elementsEqual(prefixBytes) else { return nil }
                let raw = UnsafeBufferPointer(rebasing: bytes[second.start..<second.end])
                return scanned.hasEscapes ? PercentDecoding.decode(utf8: raw) : String(decoding: raw, as: UTF8.self)
            }
        }
    }
}
