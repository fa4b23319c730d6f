/// The non-empty `&`-separated parts of a query's UTF-8 bytes, without allocating.
struct QueryParts: Sequence {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    struct Iterator: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            while position < bytes.count {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "&") { position += 1 }
                let end = position
                position += 1
                if end > start { return bytes[start ..< end] }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(bytes: bytes) }
}
