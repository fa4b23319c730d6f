/// One result row in binary format: each column's bytes, nil for SQL NULL. Accessors check
/// what the database sent rather than trust it.
struct PostgresRow: Sendable {
    let columns: [[UInt8]?]

    func isNull(_ index: Int) -> Bool { index >= columns.count || columns[index] == nil }

    func bytes(_ index: Int) throws(PostgresError) -> [UInt8] {
        guard index < columns.count, let bytes = columns[index] else { throw PostgresRow.unexpected("column \(index) is NULL") }
        return bytes
    }

    func text(_ index: Int) throws(PostgresError) -> String { String(decoding: try bytes(index), as: UTF8.self) }

    func int64(_ index: Int) throws(PostgresError) -> Int64 {
        let bytes = try bytes(index)
        switch bytes.count {
        case 8: return bytes.reduce(Int64(0)) { $0 << 8 | Int64($1) }
        case 4: return Int64(bytes.reduce(Int32(0)) { $0 << 8 | Int32($1) })
        default: throw PostgresRow.unexpected("column \(index) holds \(bytes.count) bytes, not an integer")
        }
    }

    func int64OrNil(_ index: Int) throws(PostgresError) -> Int64? { isNull(index) ? nil : try int64(index) }

    func bool(_ index: Int) throws(PostgresError) -> Bool {
        let bytes = try bytes(index)
        guard bytes.count == 1 else { throw PostgresRow.unexpected("column \(index) holds \(bytes.count) bytes, not a boolean") }
        return bytes[0] != 0
    }

    private static func unexpected(_ what: String) -> PostgresError {
        PostgresError(context: "reading a result", message: "the database answered an unexpected row: \(what)")
    }
}
