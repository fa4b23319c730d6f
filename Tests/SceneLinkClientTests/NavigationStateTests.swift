import Foundation
import Testing
@testable import SceneLinkClient

@Suite struct NavigationStateTests {
    static let session = SceneLinkSession(id: "abc", token: "secret", expiresAt: Date(timeIntervalSince1970: 0))
    static let base = URL(string: "http://scenelink.test") ?? URL(fileURLWithPath: "/")
    static let home = Data(#"["FuelMoney.HomePath","1"]"#.utf8)
    static let account = Data(#"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#.utf8)

    /// Holds the first PUT until released, and says when it arrived.
    final class Gate: Sendable {
        let arrived = AsyncStream.makeStream(of: Void.self)
        let release = AsyncStream.makeStream(of: Void.self)
    }

    @Test func savesMadeWhileOneIsInFlightAreCoalescedAndTheLastWins() async throws {
        let gate = Gate()
        let transport = FakeTransport { request, index in
            if index == 0 {
                gate.arrived.continuation.yield()
                var iterator = gate.release.stream.makeAsyncIterator()
                _ = await iterator.next()
            }
            return TransportResponse(status: 204, headers: ["ETag": "\"v\(index + 1)\""])
        }
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport, retryPolicy: .none)
        let state = NavigationState(client: client)
        let first = Task { try await state.save(Data("a".utf8)) }
        var arrived = gate.arrived.stream.makeAsyncIterator()
        _ = await arrived.next()
        // One after the other: two tasks started together may run in either order.
        let second = Task { try await state.save(Data("b".utf8)) }
        while await state.savesRequested < 2 { await Task.yield() }
        let third = Task { try await state.save(Data("c".utf8)) }
        while await state.savesRequested < 3 { await Task.yield() }
        gate.release.continuation.yield()

        try await first.value
        try await second.value
        try await third.value
        #expect(transport.requests.map(\.body) == [Data("a".utf8), Data("c".utf8)])
        #expect(transport.requests.map { $0.headers["If-Match"] } == [nil, "\"v1\""])
        #expect(await state.etag == "\"v2\"")
    }

    @Test func aFailedSaveIsThrownToEveryCallerItStoodFor() async throws {
        let transport = FakeTransport { _, _ in FakeTransport.problem(500, "storage-failed", detail: "Retry later.") }
        let client = SceneLinkClient(baseURL: Self.base, session: Self.session, transport: transport, retryPolicy: .none)
        let state = NavigationState(client: client)
        let error = await #expect(throws: SceneLinkError.self) { try await state.save(Self.home) }
        #expect(error?.problem?.slug == "storage-failed")
        #expect(await state.etag == nil)
    }

    @Test func restoreSaveAndRestoreElsewhereGoThroughTheServer() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let phone = NavigationState(client: client, scene: "main")
            #expect(try await phone.restore() == nil)
            try await phone.save(Self.account)
            let tablet = NavigationState(client: client, scene: "main")
            #expect(try await tablet.restore() == Self.account)
            #expect(await tablet.etag == phone.etag)
            #expect(await tablet.droppedElements == 0)
            // Another scene is another path.
            #expect(try await NavigationState(client: client, scene: "second").restore() == nil)
        }
    }

    @Test func aSaveOverAPathSavedElsewhereIsReportedOnceThenOverwrites() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let phone = NavigationState(client: client)
            let tablet = NavigationState(client: client)
            #expect(try await phone.restore() == nil)
            #expect(try await tablet.restore() == nil)
            try await phone.save(Self.account)
            let error = await #expect(throws: SceneLinkError.self) { try await tablet.save(Self.home) }
            guard case .valueConflict(let current)? = error else {
                Issue.record("expected a conflict, got \(String(describing: error))")
                return
            }
            #expect(current?.data == Self.account)
            // The app merged (here: chose its own path); the next save overwrites on purpose.
            try await tablet.save(Self.home)
            #expect(try await client.restore(scene: "main", key: "path")?.data == Self.home)
        }
    }

    @Test func withTheOverwritePolicyTheLastSaveWinsAtOnce() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let phone = NavigationState(client: client)
            let tablet = NavigationState(client: client, conflictPolicy: .overwrite)
            _ = try await phone.restore()
            _ = try await tablet.restore()
            try await phone.save(Self.account)
            try await tablet.save(Self.home)
            #expect(try await client.restore(scene: "main", key: "path")?.data == Self.home)
        }
    }

    @Test func codableValuesAndIncomingLinksWork() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let state = NavigationState(client: client, key: "stack")
            let link = try #require(URL(string: "fuelmoney://settings/premium"))
            let path = try await state.path(for: link)
            let representation = try JSONDecoder().decode([String].self, from: path)
            #expect(representation == ["FuelMoney.HomePath", "5", "FuelMoney.HomePath", "1"])
            try await state.save(representation)
            #expect(try await NavigationState(client: client, key: "stack").restore(as: [String].self) == representation)
            let error = await #expect(throws: SceneLinkError.self) { try await state.restore(as: Int.self) }
            guard case .coding? = error else {
                Issue.record("expected a coding error, got \(String(describing: error))")
                return
            }
        }
    }

    /// Any `Codable` value the app keeps, not a navigation path.
    struct Prefs: Codable, Equatable {
        var currency: String
        var showsPremium: Bool
    }

    @Test func restoreAsReadsAStructAsSavedAndRepairsAPathOnlyWhenAsked() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let prefs = NavigationState(client: client, key: "prefs")
            try await prefs.save(Prefs(currency: "EUR", showsPremium: true))
            // A struct is not a navigation path: read as saved, no repair asked of the server.
            #expect(try await NavigationState(client: client, key: "prefs").restore(as: Prefs.self)
                == Prefs(currency: "EUR", showsPremium: true))

            // A path whose top screen (raw value 99) no version of the app has.
            let stale = ["FuelMoney.HomePath", "99", "FuelMoney.HomePath", "1"]
            let path = NavigationState(client: client, key: "stack")
            try await path.save(stale)
            let reader = NavigationState(client: client, key: "stack")
            #expect(try await reader.restore(as: [String].self, repair: true) == ["FuelMoney.HomePath", "1"])
            #expect(await reader.droppedElements == 1)
            #expect(try await reader.restore(as: [String].self) == stale)
            #expect(await reader.droppedElements == 0)

            // Repair asked of a struct is the server's refusal, not a silent change.
            let error = await #expect(throws: SceneLinkError.self) {
                try await NavigationState(client: client, key: "prefs").restore(as: Prefs.self, repair: true)
            }
            #expect(error?.problem?.status == 422)
            #expect(error?.problem?.slug == "not-a-navigation-path")
        }
    }

    @Test func aNewSessionStartsFromNothing() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let state = NavigationState(client: client)
            try await state.save(Self.home)
            #expect(await state.etag != nil)
            await state.useSession(try await client.openSession())
            #expect(await state.etag == nil)
            #expect(try await state.restore() == nil)
            try await state.save(Self.account)
            #expect(try await state.restore() == Self.account)
        }
    }
}
