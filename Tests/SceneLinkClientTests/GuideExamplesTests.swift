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
        #expect(sections.count == 8)
        for section in sections {
            let body = section.drop(while: { $0 != "\n" }).trimmingCharacters(in: .newlines)
            #expect(guide.contains("```swift\n" + body + "\n```"), "docs/swift-client.md lacks, verbatim: \(section.prefix(60))")
        }
    }

    @Test func theSessionIsOpenedOnceAndKeptInTheKeychain() async throws {
        try await LiveServer.with { server in
            let keychain = SessionKeychain(service: "test.\(UUID().uuidString)")
            let client = try await makeClient(server: server.baseURL, keychain: keychain)
            let first = try #require(client.session)
            #expect(keychain.load() == first)
            let again = try await makeClient(server: server.baseURL, keychain: keychain)
            #expect(again.session == first)
            _ = try await savePath(Self.account, client: again, etag: nil)
            #expect(try await client.restore(scene: "main", key: "path")?.data == Self.account)
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

    @Test func aSceneConflictIsCaughtAsTheGuideWritesItAndKeepsTheirTab() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let stale = try await saveWindow(client: client, path: Data("[]".utf8), tab: "home", sceneETag: nil)
            _ = try await saveWindow(client: client, path: Data("[]".utf8), tab: "settings", sceneETag: stale)   // another device
            let etag = try await saveWindowKeepingTheirTab(client: client, path: Self.account, tab: "explain", sceneETag: stale)
            #expect(try await restoreWindow(client: client) == (Self.account, "settings"))
            #expect(try await client.restoreScene("main")?.etag == etag)
        }
    }

    @Test func preferencesAreSavedKeptOnAConflictAndRestoredAsAStruct() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            #expect(try await restorePreferences(client: client) == nil)
            let euros = Preferences(currency: "EUR", showsPremium: false)
            let stale = try await savePreferences(euros, client: client, etag: nil)
            let pounds = Preferences(currency: "GBP", showsPremium: true)
            let theirs = try await savePreferences(pounds, client: client, etag: stale)   // another device
            #expect(theirs != stale)
            #expect(try await savePreferences(Preferences(currency: "USD", showsPremium: false), client: client, etag: stale) == theirs)
            #expect(try await restorePreferences(client: client) == pounds)
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
