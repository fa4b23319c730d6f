import Foundation
import SceneLinkClient
import Testing

/// Runs the guide's code (GuideExamples.swift, copied from docs/swift-client.md) against the live server.
@Suite struct GuideExamplesTests {
    static let account = Data(#"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#.utf8)

    @Test func everySnippetOfTheGuideIsInThisFileVerbatim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/swift-client.md"), encoding: .utf8)
        let code = try String(contentsOf: root.appendingPathComponent("Tests/SceneLinkClientTests/GuideExamples.swift"), encoding: .utf8)
        let sections = code.components(separatedBy: "\n// MARK: ").dropFirst()
        #expect(sections.count == 7)
        for section in sections {
            let body = section.drop(while: { $0 != "\n" }).trimmingCharacters(in: .newlines)
            #expect(guide.contains("```swift\n" + body + "\n```"), "docs/swift-client.md lacks, verbatim: \(section.prefix(60))")
        }
    }

    @Test func theSessionIsOpenedOnceKeptAndReopenedWhenItExpires() async throws {
        let clock = ManualClock()
        try await LiveServer.with(clock: clock.clock, { $0.sceneState.sessionTimeToLive = .seconds(3_600) }) { server in
            var keychain: Data?
            var client = try await makeClient(server: server.baseURL, keychain: &keychain)
            let first = try #require(client.session)
            #expect(keychain != nil)
            let again = try await makeClient(server: server.baseURL, keychain: &keychain)
            #expect(again.session == first)

            _ = try await savePath(Self.account, client: client, etag: nil)
            #expect(try await restorePath(client: &client, keychain: &keychain) == Self.account)
            clock.advance(by: 7_200)
            #expect(try await restorePath(client: &client, keychain: &keychain) == nil)
            #expect(client.session != first)
            #expect(try JSONDecoder().decode(SceneLinkSession.self, from: try #require(keychain)) == client.session)
        }
    }

    @Test func theConflictExampleOverwritesTheRevisionItSaw() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let stale = try await savePath(Data("[]".utf8), client: client, etag: nil)
            _ = try await savePath(Self.account, client: client, etag: stale)
            let mine = Data(#"["FuelMoney.HomePath","6"]"#.utf8)
            let etag = try await savePath(mine, client: client, etag: stale)
            #expect(try await client.restore(scene: "main", key: "path") == SavedValue(data: mine, contentType: "application/json", etag: etag))
        }
    }

    @Test func theWindowIsSavedAndRestoredWhole() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            #expect(try await restoreWindow(client: client) == (nil, nil))
            let etag = try await saveWindow(client: client, path: Self.account, tab: "settings", sceneETag: nil)
            _ = try await saveWindow(client: client, path: Self.account, tab: "home", sceneETag: etag)
            #expect(try await restoreWindow(client: client) == (Self.account, "home"))
        }
    }

    @Test func linksResolveAndShare() async throws {
        try await LiveServer.with { server in
            let client = SceneLinkClient(baseURL: server.baseURL)
            let path = try await pathForLink(try #require(URL(string: "fuelmoney://settings/account")), client: client)
            #expect(try JSONDecoder().decode([String].self, from: try #require(path))
                == ["FuelMoney.HomePath", "2", "FuelMoney.HomePath", "1"])
            #expect(try await pathForLink(try #require(URL(string: "fuelmoney://nowhere")), client: client) == nil)
            #expect(try await shareLink(for: Self.account, client: client)?.absoluteString
                == "https://fuelmoney.example.com/settings/account")
        }
    }

    @Test func thePatientClientRetriesLonger() throws {
        let client = makePatientClient(server: try #require(URL(string: "https://scenelink.example.com")))
        #expect(client.retryPolicy.maximumAttempts == 6)
        #expect(client.retryPolicy.maximumDelay == .seconds(10))
    }

    @Test func launchRestoresThroughNavigationState() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let state = NavigationState(client: client, scene: "main")
            #expect(try await launch(state: state) == (nil, false))
            try await state.save(Self.account)
            #expect(try await launch(state: NavigationState(client: client, scene: "main")) == (Self.account, false))
        }
    }

    @Test func theOfflineTransportMakesEveryCallATransportError() async throws {
        let client = SceneLinkClient(baseURL: try #require(URL(string: "https://scenelink.example.com")),
                                     transport: Offline(), retryPolicy: .none)
        await #expect(throws: SceneLinkError.transport(TransportError(.couldNotConnect, "The device is offline."))) {
            try await client.openSession()
        }
    }
}
