import Testing
@testable import SceneLinkPostgres

/// What makes a commit doubtful, from the fields of a notice (the live cases are in
/// `PostgresSceneStateStoreReplicationTests`).
@Suite("PostgresNotice")
struct PostgresNoticeTests {
    @Test("the cancelled synchronous-replication wait is recognised by its sentence and is a warning")
    func cancelledWait() {
        let notice = PostgresNotice(
            severity: "WARNING", sqlState: "01000", message: "canceling wait for synchronous replication due to user request",
            detail: "The transaction has already committed locally, but might not have been replicated to the standby.")
        #expect(notice.isWarning && notice.isCancelledReplicationWait)
        #expect(notice.description == "WARNING: canceling wait for synchronous replication due to user request (SQLSTATE 01000)")
    }

    @Test("a warning in another language still counts as a warning (the commit is held in doubt), a NOTICE does not")
    func translatedAndNotices() {
        let translated = PostgresNotice(severity: "WARNING", sqlState: "01000",
                                        message: "annulation de l'attente pour la réplication synchrone", detail: nil)
        #expect(translated.isWarning && !translated.isCancelledReplicationWait)
        let notice = PostgresNotice(severity: "NOTICE", sqlState: "00000", message: "relation already exists, skipping", detail: nil)
        #expect(!notice.isWarning)
    }
}
