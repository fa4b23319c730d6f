/// ASCII case-insensitive comparison and lowercasing: the one case folding for every
/// protocol element that is case-insensitive in ASCII only (RFC 9110 §5.1 field names, §8.4
/// codings, §11.1 auth schemes; RFC 3986 §6.2.2.1 schemes and hosts). Non-ASCII letters are
/// never folded, as Unicode case mapping would.
///
/// `@inlinable`: the HTTP decoder, the link grammar and header lookups call these on every
/// request from other modules, and an unspecialised generic call costs a protocol dispatch per
/// byte.
public enum ASCIICase {
    /// `byte` with `A`–`Z` lowered.
    @inlinable @inline(__always)
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether the two byte sequences are equal once ASCII letters are lowercased.
    @inlinable
    public static func equal(_ a: some RandomAccessCollection<UInt8>, _ b: some RandomAccessCollection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var i = a.startIndex, j = b.startIndex
        while i != a.endIndex {
            let x = a[i], y = b[j]
            if x != y, lowercased(x) != lowercased(y) { return false }
            i = a.index(after: i)
            j = b.index(after: j)
        }
        return true
    }

    /// Whether `bytes` equal `lowercase`, a string already in lowercase (a listed host, a
    /// scheme), ignoring ASCII case in `bytes`.
    @inlinable
    public static func equal(_ bytes: some RandomAccessCollection<UInt8>, lowercase: String) -> Bool {
        // Over the string's own bytes: iterating its UTF-8 view costs several times more.
        if let result = lowercase.utf8.withContiguousStorageIfAvailable({ equal(bytes, lowercaseBytes: $0) }) { return result }
        return equal(bytes, lowercaseBytes: Array(lowercase.utf8))
    }

    /// Whether `bytes` equal `lowercase`, a fixed token written in lowercase (`https`,
    /// `bearer`, `application`), ignoring ASCII case in `bytes`.
    @inlinable
    public static func equal(_ bytes: some RandomAccessCollection<UInt8>, token lowercase: StaticString) -> Bool {
        equal(bytes, lowercaseBytes: UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
    }

    @inlinable
    static func equal(_ bytes: some RandomAccessCollection<UInt8>, lowercaseBytes expected: some RandomAccessCollection<UInt8>) -> Bool {
        guard bytes.count == expected.count else { return false }
        var index = bytes.startIndex
        for byte in expected {
            if lowercased(bytes[index]) != byte { return false }
            index = bytes.index(after: index)
        }
        return true
    }
}

extension StringProtocol {
    /// Whether the two are equal once ASCII letters are lowercased.
    @inlinable
    public func equalsIgnoringASCIICase(_ other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        // Native strings are contiguous: compare their bytes directly, without iterators.
        if let result = a.withContiguousStorageIfAvailable({ x in
            b.withContiguousStorageIfAvailable { y in ASCIICase.equal(x, y) }
        }), let result {
            return result
        }
        return ASCIICase.equal(Array(a), Array(b))
    }
}
