/// One column of one row on its way from a store to another.
public enum StoreField: Equatable, Sendable {
    case text(String)
    case integer(Int64)
    case bytes([UInt8])
    case null

    /// Appends a self-delimiting encoding (a tag, a length, the bytes) for `StoreDigest`.
    func encode(into buffer: inout [UInt8]) {
        func appendLength(_ count: Int) {
            withUnsafeBytes(of: UInt64(count).bigEndian) { buffer.append(contentsOf: $0) }
        }
        switch self {
        case .text(let text):
            buffer.append(1)
            appendLength(text.utf8.count)
            buffer.append(contentsOf: text.utf8)
        case .integer(let value):
            buffer.append(2)
            withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
        case .bytes(let bytes):
            buffer.append(3)
            appendLength(bytes.count)
            buffer.append(contentsOf: bytes)
        case .null:
            buffer.append(0)
        }
    }
}
