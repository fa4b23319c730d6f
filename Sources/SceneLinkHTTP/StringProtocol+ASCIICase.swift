/// ASCII case-insensitive comparison (RFC 9110 §5.1: field names; §8.4, §7.6.1: codings and
/// connection options), which must not fold non-ASCII letters as Unicode case mapping would.
extension StringProtocol {
    /// Whether the two are equal once ASCII letters are lowercased.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        // Native strings are contiguous: compare their bytes directly, without iterators.
        if let result = a.withContiguousStorageIfAvailable({ x in
            b.withContiguousStorageIfAvailable { y in Self.equalsIgnoringASCIICase(x, y) }
        }), let result {
            return result
        }
        return Self.equalsIgnoringASCIICase(Array(a), Array(b))
    }

    static func equalsIgnoringASCIICase(_ a: some RandomAccessCollection<UInt8>, _ b: some RandomAccessCollection<UInt8>) -> Bool {
        var i = a.startIndex, j = b.startIndex
        while i != a.endIndex, j != b.endIndex {
            let x = a[i], y = b[j]
            if x != y, lowercased(x) != lowercased(y) { return false }
            i = a.index(after: i)
            j = b.index(after: j)
        }
        return i == a.endIndex && j == b.endIndex
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
