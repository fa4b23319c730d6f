import Testing
@testable import SceneLinkPostgres

@Suite("PostgresSessionSettings")
struct PostgresSessionSettingsTests {
    @Test("the response timeout is twice the statement timeout, at least a second more, and none without one",
          arguments: [(5000, 10_000), (1000, 2000), (300, 1300), (0, nil)] as [(Int, Int?)])
    func responseTimeout(statementTimeout: Int, expected: Int?) {
        let settings = PostgresSessionSettings(statementTimeoutMilliseconds: statementTimeout, connectTimeoutSeconds: 5,
                                               schema: nil)
        #expect(settings.responseTimeoutMilliseconds == expected)
    }

    @Test("every connection forces synchronous_commit on and sets the statement timeout and the quoted schema")
    func sessionSQL() {
        let settings = PostgresSessionSettings(statementTimeoutMilliseconds: 250, connectTimeoutSeconds: 5, schema: #"a"b"#)
        #expect(settings.sessionSQL == "SET synchronous_commit = on; SET client_min_messages = warning; "
            + #"SET statement_timeout = 250; SET search_path = "a""b";"#)
    }
}
