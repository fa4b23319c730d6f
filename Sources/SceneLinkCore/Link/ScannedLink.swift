import SceneLinkText

/// A link read once by `LinkScanner`: byte ranges of the link's own bytes, and its path
/// segments in the buffer the scanner was given. Valid as long as those bytes are.
struct ScannedLink: Equatable {
    /// The scheme as written (`FuelMoney` in `FuelMoney://settings`).
    var scheme: Range<Int>
    /// An https link's host, without userinfo or port; nil for a link of an app scheme, whose
    /// first path segment stands where a host would.
    var host: Range<Int>?
    /// How many path segments the scanner wrote.
    var segmentCount: Int
    /// The raw query (after `?`, before `#`), or nil when the link has none.
    var query: Range<Int>?
    /// Whether a path segment has a percent-escape: then the segments are compared after
    /// `decodeSegments` (the named branch for escapes), not in place.
    var hasEscapes: Bool
    /// Whether every path byte is ASCII (then segment bytes compare as `String`s do).
    var isASCII: Bool

    /// The segments of a link with escapes, each percent-decoded once, appended to `bytes`
    /// with their ranges in `bounds`. The scanner has checked that every escape decodes.
    func decodeSegments(_ link: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<LinkSegment>,
                        into bytes: inout [UInt8], bounds: inout [LinkSegment]) {
        bounds.reserveCapacity(segmentCount)
        for segment in segments.prefix(segmentCount) {
            let start = bytes.count
            let raw = UnsafeBufferPointer(rebasing: link[segment.start..<segment.end])
            if raw.contains(UInt8(ascii: "%")), let decoded = PercentDecoding.decode(utf8: raw) {
                bytes.append(contentsOf: decoded.utf8)
            } else {
                bytes.append(contentsOf: raw)
            }
            bounds.append(LinkSegment(start: start, end: bytes.count))
        }
    }
}
