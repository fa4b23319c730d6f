import SceneLinkText

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
                let end = bytes.firstIndex(of: UInt8(ascii: "&"), from: start, to: bytes.count) ?? bytes.count
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
        guard let equals = part.base.firstIndex(of: UInt8(ascii: "="), from: part.startIndex, to: part.endIndex) else {
            return (UnsafeBufferPointer(rebasing: part), nil)
        }
        return (UnsafeBufferPointer(rebasing: part[..<equals]), UnsafeBufferPointer(rebasing: part[(equals + 1)...]))
    }

    /// Whether `part` begins with the bytes of `prefix` (a name and `=`, say).
    public static func part(_ part: Slice<UnsafeBufferPointer<UInt8>>, startsWith prefix: StaticString) -> Bool {
        let length = prefix.utf8CodeUnitCount
        return part.count >= length
            && UnsafeBufferPointer(rebasing: part[part.startIndex ..< part.startIndex + length]).hasSameBytes(as: prefix)
    }

    /// Bytes percent-decoded once, or as they are when an escape is malformed.
    public static func decodedOrRaw(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        PercentDecoding.decode(utf8: bytes) ?? String(decoding: bytes, as: UTF8.self)
    }
}
