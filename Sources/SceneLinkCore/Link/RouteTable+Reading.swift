import SceneLinkText

extension RouteTable {
    /// How `link` is read (`LinkScanner`, the one reading of the resolver, short links and link
    /// pages), without resolving it.
    ///
    /// ```swift
    /// try table.reading(of: "https://FuelMoney.example.com/settings/%61ccount")
    /// // LinkReading(host: "fuelmoney.example.com", segments: ["settings", "account"])
    /// ```
    /// - Throws: `ResolveError` for a link the resolver refuses before looking at routes (invalid,
    ///   unknown scheme or host).
    public func reading(of link: String) throws(ResolveError) -> LinkReading {
        var text = link
        let read: Result<LinkReading, LinkScanFailure> = text.withUTF8 { bytes in
            var buffer = [LinkSegment](repeating: LinkSegment(start: 0, end: 0), count: LinkScanner.maximumSegments)
            return buffer.withUnsafeMutableBufferPointer { segments in
                LinkScanner.scan(bytes, schemes: schemes, hosts: hosts, segments: segments).map { scanned in
                    let texts = segments.prefix(scanned.segmentCount).map { segment in
                        let raw = UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end])
                        // The scanner has checked that every escape decodes.
                        return PercentDecoding.decode(utf8: raw) ?? String(decoding: raw, as: UTF8.self)
                    }
                    return LinkReading(host: scanned.host.map { String(decoding: bytes[$0], as: UTF8.self).lowercased() }, segments: texts)
                }
            }
        }
        switch read {
        case .success(let reading): return reading
        case .failure(let failure): throw ResolveError(failure, link: link)
        }
    }
}
