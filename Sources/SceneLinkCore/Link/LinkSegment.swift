/// One path segment of a scanned link: a byte range of the bytes it was read from (the link's
/// own bytes, or the decoded segments of a link with escapes).
struct LinkSegment {
    var start: Int
    var end: Int
}
