import Foundation
import SceneLinkClient
import Testing

/// Runs the quick start's code (QuickStartExamples.swift, copied from docs/ios-quick-start.md)
/// against the live server.
@Suite struct QuickStartExamplesTests {
    static let account = Data(#"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#.utf8)

    static func document(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A Keychain item of its own for each test (tests run in parallel).
    static func keychain() -> SessionKeychain {
        SessionKeychain(service: "test.\(UUID().uuidString)")
    }

    @Test func everySnippetOfTheQuickStartIsInThisFileVerbatim() throws {
        let guide = try Self.document("docs/ios-quick-start.md")
        let code = try Self.document("Tests/SceneLinkClientTests/QuickStartExamples.swift")
        let sections = code.components(separatedBy: "\n// MARK: ").dropFirst()
        #expect(sections.count == 2)
        for section in sections {
            let body = section.drop(while: { $0 != "\n" }).trimmingCharacters(in: .newlines)
            #expect(guide.contains("```swift\n" + body + "\n```"), "docs/ios-quick-start.md lacks, verbatim: \(section.prefix(60))")
        }
        // The client guide shows the same launch helper.
        let launch = try #require(sections.last).drop(while: { $0 != "\n" }).trimmingCharacters(in: .newlines)
        #expect(try Self.document("docs/swift-client.md").contains("```swift\n" + launch + "\n```"))
    }

    @Test func theFirstLaunchOpensASessionKeptInTheKeychainAndTheNextRestoresThePath() async throws {
        try await LiveServer.with { server in
            let keychain = Self.keychain()
            #expect(keychain.load() == nil)
            let first = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, session: keychain.load(), retryPolicy: .none))
            #expect(try await restoreAtLaunch(first, keychain: keychain) == nil)
            let session = try #require(keychain.load())
            #expect(await first.client.session == session)
            #if !canImport(Security)
            #expect(KeychainStandIn.item(service: keychain.service)?.accessible == kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)
            #endif
            try await first.save(Self.account)

            let next = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, session: keychain.load(), retryPolicy: .none))
            #expect(try await restoreAtLaunch(next, keychain: keychain) == Self.account)
            #expect(keychain.load() == session)
        }
    }

    @Test func anExpiredSessionIsReplacedInTheKeychainAndStartsAtTheRoot() async throws {
        let clock = ManualClock()
        try await LiveServer.with(clock: clock.clock, { $0.sceneState.sessionTimeToLive = .seconds(3_600) }) { server in
            let keychain = Self.keychain()
            let navigation = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none))
            _ = try await restoreAtLaunch(navigation, keychain: keychain)
            let old = try #require(keychain.load())
            try await navigation.save(Self.account)
            clock.advance(by: 7_200)
            // Not swept (404 session-not-found), then swept (401 session-ended): both start anew.
            for sweep in [false, true] {
                if sweep { _ = await server.application.sweepExpiredSessions(now: clock.date) }
                let launch = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, session: keychain.load(), retryPolicy: .none))
                #expect(try await restoreAtLaunch(launch, keychain: keychain) == nil)
                let new = try #require(keychain.load())
                #expect(new != old)
                #expect(await launch.client.session == new)
                try await launch.save(Self.account)
                clock.advance(by: 7_200)
            }
        }
    }

    @Test func aTokenTheServerDoesNotKnowKeepsTheKeychainItemAndTheSavedState() async throws {
        try await LiveServer.with { server in
            let keychain = Self.keychain()
            let navigation = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none))
            _ = try await restoreAtLaunch(navigation, keychain: keychain)
            try await navigation.save(Self.account)
            var damaged = try #require(keychain.load())
            let real = damaged
            damaged.token = String(damaged.token.reversed())
            keychain.save(damaged)

            let launch = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, session: keychain.load(), retryPolicy: .none))
            let error = await #expect(throws: SceneLinkError.self) { try await restoreAtLaunch(launch, keychain: keychain) }
            guard case .unknownToken(let problem)? = error else {
                Issue.record("expected unknownToken, got \(String(describing: error))")
                return
            }
            #expect(problem.slug == "unknown-token")
            #expect(keychain.load() == damaged)
            #expect(await launch.client.session == damaged)
            // With the real token (the app fixed), the saved path is still there.
            let fixed = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, session: real, retryPolicy: .none))
            #expect(try await restoreAtLaunch(fixed, keychain: keychain) == Self.account)
        }
    }

    @Test func aNewDeviceHasNoKeychainItemAndStartsItsOwnSession() async throws {
        try await LiveServer.with { server in
            let phone = Self.keychain(), newPhone = Self.keychain()
            let old = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none))
            _ = try await restoreAtLaunch(old, keychain: phone)
            try await old.save(Self.account)

            let new = NavigationState(client: SceneLinkClient(baseURL: server.baseURL, session: newPhone.load(), retryPolicy: .none))
            #expect(try await restoreAtLaunch(new, keychain: newPhone) == nil)
            #expect(newPhone.load() != phone.load())
            #expect(try await restoreAtLaunch(old, keychain: phone) == Self.account)
        }
    }
}
