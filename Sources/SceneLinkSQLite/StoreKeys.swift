import CSQLite
import SceneLinkCore

/// The secret keys a database keeps for itself (`store_keys`), each made the first time a store
/// opens the file: the key of claim codes (`ClaimCodeCipher`), so every restart reads the codes
/// handed out before it.
enum StoreKeys {
    /// The name of the claim-code key's row.
    static let claimCodes = "claim-codes"

    /// The database's claim-code cipher, making and keeping its key if it has none yet.
    /// - Throws: `SQLiteError` when the key cannot be read or written, or the stored one is not
    ///   a key (the message says so).
    static func claimCodeCipher(on connection: Connection) throws(SQLiteError) -> ClaimCodeCipher {
        let insert = try connection.prepare("INSERT OR IGNORE INTO store_keys (name, value) VALUES (?1, ?2)")
        try insert.run(.text(claimCodes), .blob(ClaimCodeCipher.randomKey()))
        let select = try connection.prepare("SELECT value FROM store_keys WHERE name = ?1")
        try select.bind(.text(claimCodes))
        defer { select.reset() }
        guard try select.step() else {
            throw SQLiteError(code: SQLITE_ERROR, message: "the database \(connection.path) kept no claim-code key")
        }
        let key = select.blob(at: 0)
        guard let cipher = ClaimCodeCipher(key: key) else {
            throw SQLiteError(code: SQLITE_CORRUPT,
                              message: "the claim-code key in \(connection.path) is \(key.count) bytes, not "
                                  + "\(ClaimCodeCipher.keyByteCount); delete its row from store_keys to make a new one "
                                  + "(codes handed out before then stop working)")
        }
        return cipher
    }
}
