import Foundation
import SceneLinkCore

/// The claim queries, prepared once per read connection (and on the writer, where a
/// redemption reads the claim inside its transaction).
final class ClaimReads {
    static let columns = "id, secret_hash, link, created_at, expires_at, code_expires_at, "
        + "redeemed_install, redeemed_source, redeemed_at, route, short_link"

    private let selectByID, selectExpiries: Statement

    init(connection: Connection) throws(SQLiteError) {
        selectByID = try connection.prepare("SELECT \(Self.columns) FROM claims WHERE id = ?1")
        selectExpiries = try connection.prepare("SELECT day, expired FROM claim_expiries WHERE day >= ?1 AND day <= ?2")
    }

    /// Claims expired unredeemed per UTC day in `days`.
    func expiries(days: ClosedRange<Int64>) throws(SQLiteError) -> [Int64: Int64] {
        let statement = selectExpiries
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.integer(days.lowerBound), .integer(days.upperBound))
        var counts: [Int64: Int64] = [:]
        while try statement.step() { counts[statement.int64(at: 0)] = statement.int64(at: 1) }
        return counts
    }

    /// The claim `key` finds: the row with its id (`ClaimKey.claimID`), when
    /// `Claim.isFound(by:)` (a token's secret must match too).
    func claim(_ key: ClaimKey) throws(SQLiteError) -> Claim? {
        let statement = selectByID
        statement.reset()
        defer { statement.reset() }
        try statement.bind(.integer(key.claimID))
        guard try statement.step() else { return nil }
        let claim = Self.claim(at: statement)
        return claim.isFound(by: key) ? claim : nil
    }

    /// The row under the statement's cursor, in `columns` order. A redemption whose install or
    /// source no longer reads (not written by this code) reads as a redemption by nobody's
    /// install, so the claim stays refused to every app rather than becoming redeemable again.
    static func claim(at statement: Statement) -> Claim {
        var redemption: ClaimRedemption?
        if !statement.isNull(at: 6) {
            redemption = ClaimRedemption(
                install: UUID(uuidString: statement.text(at: 6)) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                source: ClaimSource(rawValue: statement.text(at: 7)) ?? .url,
                redeemedAt: Date(millisecondsSince1970: statement.int64(at: 8)))
        }
        return Claim(id: statement.int64(at: 0), secretHash: statement.blob(at: 1),
                     link: statement.text(at: 2), route: statement.isNull(at: 9) ? nil : statement.text(at: 9),
                     shortLink: statement.isNull(at: 10) ? nil : try? ShortCode(statement.text(at: 10)),
                     createdAt: Date(millisecondsSince1970: statement.int64(at: 3)),
                     expiresAt: Date(millisecondsSince1970: statement.int64(at: 4)),
                     codeExpiresAt: Date(millisecondsSince1970: statement.int64(at: 5)), redemption: redemption)
    }
}
