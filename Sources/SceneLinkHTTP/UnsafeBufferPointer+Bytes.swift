#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches and comparisons the decoder, the field names and the query parts share,
/// done by libc (`memchr`, `memcmp`) rather than element by element.
extension UnsafeBufferPointer<UInt8> {
    /// The first index of `byte` in `self[start ..< end]`, or nil.
    func firstIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard let base = baseAddress, start < end,
              let hit = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether these are the same bytes as `other`.
    func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let mine = baseAddress, let theirs = other.baseAddress else { return true }
        return memcmp(mine, theirs, count) == 0
    }

    /// Whether these are exactly the UTF-8 bytes of `text`.
    func hasSameBytes(as text: StaticString) -> Bool {
        hasSameBytes(as: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
