/// One statement parameter, sent in PostgreSQL's binary format so bytes travel untouched
/// and nothing is ever spliced into SQL text.
enum PostgresParameter: Sendable {
    case text(String)
    case int32(Int32)
    case int64(Int64)
    case bytes([UInt8])
    case textArray([String])
    case bytesArray([[UInt8]])
    case int64Array([Int64])
    /// SQL NULL (sent as a null pointer, whatever the parameter's type).
    case null

    /// Type OIDs from `pg_type`, given to `PQprepare` so the server never guesses.
    enum TypeOID {
        static let bool: UInt32 = 16
        static let bytea: UInt32 = 17
        static let int8: UInt32 = 20
        static let int4: UInt32 = 23
        static let text: UInt32 = 25
        static let textArray: UInt32 = 1009
        static let byteaArray: UInt32 = 1001
        static let int8Array: UInt32 = 1016
    }

    /// Appends the value in binary wire format to `buffer`; false for SQL NULL (nothing appended).
    func append(to buffer: inout [UInt8]) -> Bool {
        switch self {
        case .null: return false
        case .text(let text): buffer.append(contentsOf: text.utf8)
        case .int32(let value): PostgresParameter.appendBigEndian(value, to: &buffer)
        case .int64(let value): PostgresParameter.appendBigEndian(value, to: &buffer)
        case .bytes(let bytes): buffer.append(contentsOf: bytes)
        case .textArray(let texts):
            PostgresParameter.appendArray(texts, elementType: TypeOID.text, to: &buffer) { $1.append(contentsOf: $0.utf8) }
        case .bytesArray(let values):
            PostgresParameter.appendArray(values, elementType: TypeOID.bytea, to: &buffer) { $1.append(contentsOf: $0) }
        case .int64Array(let values):
            PostgresParameter.appendArray(values, elementType: TypeOID.int8, to: &buffer) { PostgresParameter.appendBigEndian($0, to: &$1) }
        }
        return true
    }

    static func appendBigEndian<T: FixedWidthInteger>(_ value: T, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }

    /// A one-dimensional array without nulls: dimensions, flags, element type, then
    /// (size, lower bound 1), then each element as length and bytes (`array_recv`).
    private static func appendArray<Element>(_ elements: [Element], elementType: UInt32, to buffer: inout [UInt8],
                                             element append: (Element, inout [UInt8]) -> Void) {
        appendBigEndian(Int32(elements.isEmpty ? 0 : 1), to: &buffer)
        appendBigEndian(Int32(0), to: &buffer)
        appendBigEndian(elementType, to: &buffer)
        guard !elements.isEmpty else { return }
        appendBigEndian(Int32(elements.count), to: &buffer)
        appendBigEndian(Int32(1), to: &buffer)
        for element in elements {
            // The length goes before the bytes: write a placeholder, then fill it in.
            let lengthAt = buffer.count
            appendBigEndian(Int32(0), to: &buffer)
            append(element, &buffer)
            let length = Int32(clamping: buffer.count - lengthAt - 4).bigEndian
            withUnsafeBytes(of: length) { raw in
                for (offset, byte) in raw.enumerated() { buffer[lengthAt + offset] = byte }
            }
        }
    }
}
