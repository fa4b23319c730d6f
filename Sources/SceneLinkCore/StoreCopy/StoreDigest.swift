/// A SHA-256 chain over rows in order: equal digests mean the same rows, same order, same bytes.
public struct StoreDigest: Sendable {
    private var state = [UInt8](repeating: 0, count: 32)
    private var buffer: [UInt8] = []

    public init() {}

    /// Folds one row in: state = SHA-256(state ‖ encoded row).
    public mutating func add(_ row: [StoreField]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: state)
        for field in row { field.encode(into: &buffer) }
        state = SHA256.hash(buffer)
    }

    /// The digest so far, as 64 hex digits.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return String(state.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }
}
