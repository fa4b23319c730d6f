#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The non-empty `&`-separated parts of a query's UTF-8 bytes, without allocating.
///
/// ```swift
/// var query = "a=1&&b"
/// query.withUTF8 { bytes in HTTPQueryParts(bytes).count }  // 2: "a=1", "b"
/// ```
public struct HTTPQueryParts: Sequence {
    public let bytes: UnsafeBufferPointer<UInt8>

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    public struct Iterator: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        public mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            while position < bytes.count {
                let start = position
                let end = HTTPQueryParts.index(of: UInt8(ascii: "&"), in: bytes, from: start) ?? bytes.count
                position = end + 1
                if end > start { return bytes[start ..< end] }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    /// A part's name and value bytes, split at its first `=`; the value is nil without one.
    public static func nameAndValue(_ part: Slice<UnsafeBufferPointer<UInt8>>)
        -> (name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?) {
        guard let equals = index(of: UInt8(ascii: "="), in: part.base, from: part.startIndex, to: part.endIndex) else {
            return (UnsafeBufferPointer(rebasing: part), nil)
        }
        return (UnsafeBufferPointer(rebasing: part[..<equals]), UnsafeBufferPointer(rebasing: part[(equals + 1)...]))
    }

    /// The first index of `byte` in `bytes[start ..< end]` (`memchr`: a query is scanned
    /// for `&` once per item looked up), or nil.
    static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard let base = bytes.baseAddress, start < end,
              let hit = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `part` begins with the bytes of `prefix` (a name and `=`, say).
    public static func part(_ part: Slice<UnsafeBufferPointer<UInt8>>, startsWith prefix: StaticString) -> Bool {
        guard part.count >= prefix.utf8CodeUnitCount else { return false }
        var index = part.startIndex
        for byte in UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount) {
            if part[index] != byte { return false }
            index += 1
        }
        return true
    }

    /// Bytes percent-decoded once, or as they are when an escape is malformed.
    public static func decodedOrRaw(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        PercentDecoding.decode(utf8: bytes) ?? String(decoding: bytes, as: UTF8.self)
    }
}
