/// Where a page of `GET /v1/keys` ends: the last key's creation time in whole milliseconds and its
/// id, the order keys are listed in. Written `MILLISECONDS_ID` (`1764281400123_0123456789abcdef`);
/// clients pass it back as it was given.
public struct APIKeyCursor: Sendable, Equatable {
    /// The key's `created_at` as stored: whole milliseconds since 1970.
    public var createdAtMilliseconds: Int64
    public var id: String

    public init(createdAtMilliseconds: Int64, id: String) {
        self.createdAtMilliseconds = createdAtMilliseconds
        self.id = id
    }

    /// Reads a cursor's text; nil when it is not `MILLISECONDS_ID` with a key id (16 lowercase hex digits).
    public init?(text: String) {
        guard text.utf8.count <= 40, let underscore = text.lastIndex(of: "_") else { return nil }
        let number = text[..<underscore], id = String(text[text.index(after: underscore)...])
        guard !number.isEmpty, number.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let milliseconds = Int64(number), APIKeyToken.isID(id) else { return nil }
        self.init(createdAtMilliseconds: milliseconds, id: id)
    }

    public var text: String { "\(createdAtMilliseconds)_\(id)" }
}
