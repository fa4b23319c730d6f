import SceneLinkCore

/// The secret keys a database keeps for itself (`store_keys`, as in SQLite): the key of claim
/// codes (`ClaimCodeCipher`), made by the first instance that opens the database and read by
/// every other, so any instance reads the codes any other handed out.
enum PostgresStoreKeys {
    /// The name of the claim-code key's row.
    static let claimCodes = "claim-codes"

    /// The database's claim-code cipher, making and keeping its key if it has none yet.
    /// - Throws: `PostgresError` when the key cannot be read or written, or the stored one is
    ///   not a key (the message says so).
    static func claimCodeCipher(on connection: PostgresConnection) throws(PostgresError) -> ClaimCodeCipher {
        // Instances opening at once insert different keys; the first wins and all read it.
        _ = try connection.run("INSERT INTO store_keys (name, value) VALUES ($1::text, $2::bytea) ON CONFLICT (name) DO NOTHING",
                               [.text(claimCodes), .bytes(ClaimCodeCipher.randomKey())])
        let rows = try connection.run("SELECT value FROM store_keys WHERE name = $1::text", [.text(claimCodes)])
        guard let row = rows.first else {
            throw PostgresError(context: "reading the claim-code key", message: "the database kept no claim-code key")
        }
        let key = try row.bytes(0)
        guard let cipher = ClaimCodeCipher(key: key) else {
            throw PostgresError(context: "reading the claim-code key",
                                message: "the stored key is \(key.count) bytes, not \(ClaimCodeCipher.keyByteCount); delete "
                                    + "its row from store_keys to make a new one (codes handed out before then stop working)")
        }
        return cipher
    }
}
