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

    /// The value in binary wire format; nil for SQL NULL.
    var encoded: [UInt8]? {
        switch self {
        case .null: return nil
        case .text(let text): return Array(text.utf8)
        case .int32(let value): return PostgresParameter.bigEndian(value)
        case .int64(let value): return PostgresParameter.bigEndian(value)
        case .bytes(let bytes): return bytes
        case .textArray(let texts): return PostgresParameter.array(texts.map { Array($0.utf8) }, elementType: TypeOID.text)
        case .bytesArray(let values): return PostgresParameter.array(values, elementType: TypeOID.bytea)
        case .int64Array(let values):
            return PostgresParameter.array(values.map { PostgresParameter.bigEndian($0) }, elementType: TypeOID.int8)
        }
    }

    static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    /// A one-dimensional array without nulls: dimensions, flags, element type, then
    /// (size, lower bound 1), then each element as length and bytes (`array_recv`).
    private static func array(_ elements: [[UInt8]], elementType: UInt32) -> [UInt8] {
        var out = bigEndian(Int32(elements.isEmpty ? 0 : 1)) + bigEndian(Int32(0)) + bigEndian(elementType)
        guard !elements.isEmpty else { return out }
        out += bigEndian(Int32(elements.count)) + bigEndian(Int32(1))
        for element in elements {
            out += bigEndian(Int32(element.count))
            out += element
        }
        return out
    }
}
