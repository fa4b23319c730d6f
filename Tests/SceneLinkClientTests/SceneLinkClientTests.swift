import Foundation
import SceneLinkClient
import Testing

/// Every call of the client against the real server, over HTTP.
@Suite("SceneLinkClient against a live server")
struct SceneLinkClientTests {
    static let pathBytes = Data(#"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#.utf8)

    // MARK: Sessions

    @Test func openingASessionGivesCredentialsThatSurviveTheKeychainRoundTrip() async throws {
        let clock = ManualClock()
        try await LiveServer.with(clock: clock.clock, { $0.sceneState.sessionTimeToLive = .seconds(3_600) }) { server in
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            let session = try await client.openSession()
            #expect(session.id.count >= 16)
            #expect(session.token.count == 43)
            #expect(session.expiresAt == clock.date.addingTimeInterval(3_600))
            let stored = try JSONEncoder().encode(session)
            #expect(try JSONDecoder().decode(SceneLinkSession.self, from: stored) == session)
        }
    }

    @Test func aCallThatNeedsASessionWithoutOneSaysSoWithoutSending() async throws {
        let transport = FakeTransport(answers: [])
        let client = SceneLinkClient(baseURL: URL(fileURLWithPath: "/"), transport: transport)
        await #expect(throws: SceneLinkError.noSession) { try await client.restore(scene: "main", key: "path") }
        #expect(transport.requests.isEmpty)
    }

    @Test func anExpiredSessionIsSessionExpiredAndANewOneWorks() async throws {
        let clock = ManualClock()
        try await LiveServer.with(clock: clock.clock, { $0.sceneState.sessionTimeToLive = .seconds(3_600) }) { server in
            var client = try await server.clientWithSession()
            try await client.save(Self.pathBytes, scene: "main", key: "path")
            clock.advance(by: 3_599)
            #expect(try await client.restore(scene: "main", key: "path") != nil)   // use renews the session
            clock.advance(by: 3_601)
            let error = await #expect(throws: SceneLinkError.self) { try await client.restore(scene: "main", key: "path") }
            guard case .sessionExpired(let problem)? = error else {
                Issue.record("expected sessionExpired, got \(String(describing: error))")
                return
            }
            #expect(problem.status == 404)
            #expect(problem.slug == "session-not-found")
            #expect(error?.description == "The SceneLink session has expired or ended (404); open a new one with openSession().")
            // After the sweep deleted it, neither id nor token is known (401 session-ended): the same error.
            _ = await server.application.sweepExpiredSessions(now: clock.date)
            let afterSweep = await #expect(throws: SceneLinkError.self) {
                try await client.save(Self.pathBytes, scene: "main", key: "path")
            }
            guard case .sessionExpired(let unknown)? = afterSweep else {
                Issue.record("expected sessionExpired, got \(String(describing: afterSweep))")
                return
            }
            #expect(unknown.status == 401)
            #expect(unknown.slug == "session-ended")
            client.session = try await client.openSession()
            #expect(try await client.restore(scene: "main", key: "path") == nil)
        }
    }

    @Test func aDamagedTokenIsUnknownTokenAndTheStateStaysWithTheRealOne() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            try await client.save(Self.pathBytes, scene: "main", key: "path")
            var damaged = client
            damaged.session?.token = String((client.session?.token ?? "").reversed())
            let error = await #expect(throws: SceneLinkError.self) { try await damaged.restore(scene: "main", key: "path") }
            guard case .unknownToken(let problem)? = error else {
                Issue.record("expected unknownToken, got \(String(describing: error))")
                return
            }
            #expect(problem.status == 401)
            #expect(problem.slug == "unknown-token")
            #expect(try await client.restore(scene: "main", key: "path")?.data == Self.pathBytes)
        }
    }

    @Test func endingASessionForgetsItsDataAndEndingItAgainSucceeds() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            try await client.save(Self.pathBytes, scene: "main", key: "path")
            try await client.endSession()
            let error = await #expect(throws: SceneLinkError.self) { try await client.restore(scene: "main", key: "path") }
            guard case .sessionExpired? = error else {
                Issue.record("expected sessionExpired, got \(String(describing: error))")
                return
            }
            try await client.endSession()
        }
    }

    // MARK: Values

    @Test func aValueIsSavedRestoredUpdatedAndForgotten() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            #expect(try await client.restore(scene: "main", key: "path") == nil)
            let first = try await client.save(Self.pathBytes, scene: "main", key: "path", contentType: "application/json")
            let restored = try #require(try await client.restore(scene: "main", key: "path"))
            #expect(restored == SavedValue(data: Self.pathBytes, contentType: "application/json", etag: first))

            let bytes = Data([0x00, 0xFF, 0x0D, 0x0A])
            let second = try await client.save(bytes, scene: "main", key: "path", ifMatch: first)
            #expect(second != first)
            let updated = try #require(try await client.restore(scene: "main", key: "path"))
            #expect(updated.data == bytes)
            #expect(updated.contentType == "application/octet-stream")
            #expect(updated.etag == second)

            // A forget over a stale revision changes nothing, and says so without speaking of a save.
            let stale = await #expect(throws: SceneLinkError.self) {
                try await client.forget(scene: "main", key: "path", ifMatch: first)
            }
            #expect(stale == .valueConflict(current: updated))
            #expect(stale?.description
                == "The value was not changed: someone saved revision \(second) first; merge with it, or save or forget with ifMatch: \(second).")
            #expect(try await client.forget(scene: "main", key: "path", ifMatch: second))
            #expect(try await client.restore(scene: "main", key: "path") == nil)
            #expect(try await client.forget(scene: "main", key: "path") == false)
        }
    }

    @Test func twoClientsSavingTheSameValueConflictAndTheLaterOneSeesTheWinner() async throws {
        try await LiveServer.with { server in
            let phone = try await server.clientWithSession()
            var tablet = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            tablet.session = phone.session
            let original = try await phone.save(Self.pathBytes, scene: "main", key: "path", contentType: "application/json")
            let tabletRead = try #require(try await tablet.restore(scene: "main", key: "path"))
            #expect(tabletRead.etag == original)

            let phonePath = Data(#"["FuelMoney.HomePath","6"]"#.utf8)
            let phoneTag = try await phone.save(phonePath, scene: "main", key: "path", contentType: "application/json",
                                                ifMatch: original)
            let tabletPath = Data(#"["FuelMoney.HomePath","7"]"#.utf8)
            let error = await #expect(throws: SceneLinkError.self) {
                try await tablet.save(tabletPath, scene: "main", key: "path", contentType: "application/json",
                                      ifMatch: tabletRead.etag)
            }
            guard case .valueConflict(let current)? = error, let current else {
                Issue.record("expected a conflict carrying the phone's value, got \(String(describing: error))")
                return
            }
            #expect(current == SavedValue(data: phonePath, contentType: "application/json", etag: phoneTag))
            #expect(error?.description == "The value was not changed: someone saved revision \(phoneTag) first; merge with it, or save or forget with ifMatch: \(phoneTag).")

            // The tablet overwrites on purpose, with the revision the conflict showed it.
            let overwritten = try await tablet.save(tabletPath, scene: "main", key: "path", contentType: "application/json",
                                                    ifMatch: current.etag)
            #expect(try await phone.restore(scene: "main", key: "path")?.etag == overwritten)
            #expect(try await phone.restore(scene: "main", key: "path")?.data == tabletPath)
        }
    }

    @Test func aCreateOnlySaveOverAnExistingValueIsAConflict() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let tag = try await client.save(Self.pathBytes, scene: "main", key: "path", ifNoneMatch: "*")
            await #expect(throws: SceneLinkError.valueConflict(current: SavedValue(data: Self.pathBytes,
                                                                                   contentType: "application/octet-stream", etag: tag))) {
                try await client.save(Data("[]".utf8), scene: "main", key: "path", ifNoneMatch: "*")
            }
        }
    }

    @Test func aValueOverTheServersLimitIsAProblemWithItsDetail() async throws {
        try await LiveServer.with({ $0.sceneState.limits.maximumValueBytes = 16 }) { server in
            let client = try await server.clientWithSession()
            let error = await #expect(throws: SceneLinkError.self) {
                try await client.save(Data(repeating: 0x41, count: 17), scene: "main", key: "path")
            }
            let problem = try #require(error?.problem)
            #expect(problem.status == 413)
            // The router answers from the declared length, before the body is read.
            #expect(problem.slug == "body-too-large")
            #expect(problem.type == "https://scenelink.dev/problems/body-too-large")
            #expect(problem.title == "Request body too large")
            #expect(problem.detail == "The request body is larger than the 16 bytes this endpoint accepts; send a smaller body.")
            #expect(error?.description == "The SceneLink server answered 413 (body-too-large): " + problem.detail)
        }
    }

    @Test func restoreWithRepairCutsAPathTheNewRouteTableNoLongerHas() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-client-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(contentsOf: LiveServer.examples.appendingPathComponent("fuelmoney.json")).write(to: file)
        try await LiveServer.with({ $0.routesPath = file.path }) { server in
            let client = try await server.clientWithSession()
            let tag = try await client.save(Self.pathBytes, scene: "main", key: "path", contentType: "application/json")
            let fresh = try #require(try await client.restore(scene: "main", key: "path", repair: true))
            #expect(fresh.droppedElements == 0)
            #expect(try JSONDecoder().decode([String].self, from: fresh.data) == ["FuelMoney.HomePath", "2", "FuelMoney.HomePath", "1"])

            // An app update removes the account screen (HomePath case 2).
            try Self.removeAccountScreen(from: file)
            #expect(await server.application.reloadRoutes())

            let repaired = try #require(try await client.restore(scene: "main", key: "path", repair: true))
            #expect(repaired.droppedElements == 1)
            #expect(try JSONDecoder().decode([String].self, from: repaired.data) == ["FuelMoney.HomePath", "1"])
            #expect(repaired.etag == tag)
            // Without repair the stored bytes are unchanged; saving the repaired path replaces exactly them.
            #expect(try await client.restore(scene: "main", key: "path")?.data == Self.pathBytes)
            try await client.save(repaired.data, scene: "main", key: "path", contentType: "application/json", ifMatch: repaired.etag)
            #expect(try await client.restore(scene: "main", key: "path", repair: true)?.droppedElements == 0)
        }
    }

    /// Rewrites a copy of fuelmoney.json without the account screen: its HomePath case and its route.
    static func removeAccountScreen(from file: URL) throws {
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var types = try #require(root["types"] as? [String: Any])
        var homePath = try #require(types["HomePath"] as? [String: Any])
        var cases = try #require(homePath["cases"] as? [String: Any])
        #expect(cases.removeValue(forKey: "account") != nil)
        homePath["cases"] = cases
        types["HomePath"] = homePath
        root["types"] = types
        var routes = try #require(root["routes"] as? [[String: Any]])
        var settings = routes[0]
        let children = try #require(settings["routes"] as? [[String: Any]])
        settings["routes"] = children.filter { $0["name"] as? String != "account" }
        routes[0] = settings
        root["routes"] = routes
        try JSONSerialization.data(withJSONObject: root).write(to: file)
    }

    @Test func repairOfAValueThatIsNotAPathIsAProblem() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            try await client.save(Data("settings".utf8), scene: "main", key: "tab", contentType: "text/plain")
            let error = await #expect(throws: SceneLinkError.self) { try await client.restore(scene: "main", key: "tab", repair: true) }
            #expect(error?.problem?.status == 422)
            #expect(error?.problem?.slug == "not-a-navigation-path")
        }
    }

    // MARK: Scenes

    @Test func aWholeSceneIsSavedAtomicallyRestoredListedAndForgotten() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            #expect(try await client.restoreScene("main") == nil)
            let saved = try await client.saveScene(["path": SceneValue(data: Self.pathBytes, contentType: "application/json"),
                                                    "tab": SceneValue(text: "settings"),
                                                    "blob": SceneValue(data: Data([0, 1, 2]))], scene: "main")
            #expect(Set(saved.values.keys) == ["path", "tab", "blob"])
            let restored = try #require(try await client.restoreScene("main"))
            #expect(restored == saved)
            #expect(restored.values["tab"]?.data == Data("settings".utf8))
            #expect(restored.values["tab"]?.contentType == "text/plain; charset=utf-8")
            #expect(restored.values["blob"]?.data == Data([0, 1, 2]))
            // One value, read alone, is the same revision.
            #expect(try await client.restore(scene: "main", key: "path") == restored.values["path"])

            // Replacing the scene drops the keys left out.
            let replaced = try await client.saveScene(["path": SceneValue(data: Data("[]".utf8), contentType: "application/json")],
                                                      scene: "main", ifMatch: saved.etag)
            #expect(Array(replaced.values.keys) == ["path"])
            #expect(try await client.restore(scene: "main", key: "tab") == nil)
            #expect(try await client.scenes() == [SavedSceneSummary(name: "main", etag: replaced.etag, valueCount: 1)])

            #expect(try await client.forgetScene("main", ifMatch: replaced.etag))
            #expect(try await client.restoreScene("main") == nil)
            #expect(try await client.forgetScene("main") == false)
        }
    }

    @Test func aSceneSavedOverAStaleRevisionIsAConflictCarryingTheCurrentScene() async throws {
        try await LiveServer.with { server in
            let client = try await server.clientWithSession()
            let first = try await client.saveScene(["tab": SceneValue(text: "home")], scene: "main")
            let second = try await client.saveScene(["tab": SceneValue(text: "settings")], scene: "main", ifMatch: first.etag)
            let error = await #expect(throws: SceneLinkError.self) {
                try await client.saveScene(["tab": SceneValue(text: "explain")], scene: "main", ifMatch: first.etag)
            }
            #expect(error == .sceneConflict(current: second))
            await #expect(throws: SceneLinkError.sceneConflict(current: second)) {
                try await client.forgetScene("main", ifMatch: first.etag)
            }
        }
    }

    // MARK: Links

    @Test func aLinkResolvesToItsWholeBackStack() async throws {
        try await LiveServer.with { server in
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            let link = try #require(URL(string: "fuelmoney://settings/account"))
            let resolution = try await client.resolve(link)
            #expect(resolution.link == "fuelmoney://settings/account")
            #expect(resolution.route == "settings.account")
            #expect(resolution.parameters.isEmpty)
            #expect(resolution.elements == [LinkElement(type: "HomePath", tag: "FuelMoney.HomePath", value: .integer(1)),
                                            LinkElement(type: "HomePath", tag: "FuelMoney.HomePath", value: .integer(2))])
            #expect(try resolution.elements.map { try $0.value.decode(Int.self) } == [1, 2])
            #expect(try JSONDecoder().decode([String].self, from: resolution.navigationPath)
                == ["FuelMoney.HomePath", "2", "FuelMoney.HomePath", "1"])
            #expect(resolution.selection == nil)
            #expect(resolution.canonical == ScreenLinks(route: "settings.account", scheme: "fuelmoney://settings/account",
                                                        https: "https://fuelmoney.example.com/settings/account"))

            let https = try #require(URL(string: "https://fuelmoney.example.com/settings/account"))
            #expect(try await client.resolve(https, format: .navigationPath) == Data(#"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#.utf8))
            #expect(try await client.resolve(link, format: .array) == Data("[1,2]".utf8))
        }
    }

    @Test func aLinkWithItsOwnQueryKeepsItAndItsParametersAreTyped() async throws {
        let routes = LiveServer.examples.appendingPathComponent("kitchen-sink.json").path
        try await LiveServer.with({ $0.routesPath = routes }) { server in
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            // The link's own `?`, `&` and `%20` must reach the server as part of the link.
            let search = try await client.resolve(try #require(URL(string: "ks://search?tab=profile&q=hello%20world")))
            #expect(search.route == "search")
            #expect(search.parameters == ["q": .string("hello world"), "tab": .string("profile")])
            #expect(search.elements.last == LinkElement(type: "Tab", tag: "KitchenSink.Tab", value: .string("profile")))

            let profile = try await client.resolve(try #require(URL(string: "https://kitchen.example.com/users/42/profile?name=Blob")))
            #expect(profile.route == "users.profile")
            #expect(profile.parameters["id"] == .integer(42))
            struct User: Decodable, Equatable { var id: Int; var name: String }
            #expect(try profile.elements.last?.value.decode(User.self) == User(id: 42, name: "Blob"))
            #expect(profile.canonical.scheme == "kitchensink://users/42/profile?name=Blob")
        }
    }

    @Test func aLinkNoRouteTakesIsANoRouteProblemNamingTheClosestRoutes() async throws {
        try await LiveServer.with { server in
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            let error = await #expect(throws: SceneLinkError.self) {
                try await client.resolve(try #require(URL(string: "fuelmoney://settings/acount")))
            }
            let problem = try #require(error?.problem)
            #expect(problem.status == 404)
            #expect(problem.slug == "no-route")
            #expect(problem.title == "No route matches the link")
            #expect(problem.detail.hasPrefix("No route matches /settings/acount. The closest routes are /settings/account"))
            #expect(problem.extensions["path"] == .string("/settings/acount"))
            #expect(error?.description.hasPrefix("The SceneLink server answered 404 (no-route): No route matches /settings/acount.") == true)
        }
    }

    @Test func aStackPrintsBackToItsCanonicalLinks() async throws {
        try await LiveServer.with { server in
            let client = SceneLinkClient(baseURL: server.baseURL, retryPolicy: .none)
            let links = try await client.links(for: Self.pathBytes)
            #expect(links == ScreenLinks(route: "settings.account", scheme: "fuelmoney://settings/account",
                                         https: "https://fuelmoney.example.com/settings/account"))
            #expect(links.httpsURL?.absoluteString == "https://fuelmoney.example.com/settings/account")
            let error = await #expect(throws: SceneLinkError.self) {
                try await client.links(for: Data(#"["FuelMoney.HomePath","99"]"#.utf8))
            }
            #expect(error?.problem?.status == 422)
        }
    }

    // MARK: Restarts

    @Test func aRetryingClientRidesOutAServerRestart() async throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("scenelink-client-\(UUID().uuidString).sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
        }
        let first = try LiveServer.start { $0.databasePath = database.path }
        let port = first.port
        let session: SceneLinkSession
        do {
            let client = try await first.clientWithSession()
            try await client.save(Self.pathBytes, scene: "main", key: "path", contentType: "application/json")
            session = try #require(client.session)
        } catch {
            await first.stop()
            throw error
        }
        await first.stop()

        // The server is down; the client's first attempt fails, and it keeps trying.
        let failures = AsyncStream.makeStream(of: TransportError.self)
        let transport = FakeTransport { request, _ in
            do {
                return try await URLSessionTransport().send(request)
            } catch let error as TransportError {
                failures.continuation.yield(error)
                throw error
            }
        }
        let policy = RetryPolicy(maximumAttempts: 200, initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100))
        let client = SceneLinkClient(baseURL: first.baseURL, session: session, transport: transport, retryPolicy: policy)
        let restore = Task { try await client.restore(scene: "main", key: "path") }
        var iterator = failures.stream.makeAsyncIterator()
        let failure = await iterator.next()
        #expect(failure?.kind == .couldNotConnect)

        let second = try LiveServer.start { $0.http.port = port; $0.databasePath = database.path }
        let restored = await restore.result
        await second.stop()
        #expect(try restored.get()?.data == Self.pathBytes)
        #expect(transport.requests.count >= 2)
    }
}

@Suite struct QRMarkerStrippingTests {
    @Test func theMarkerIsRemovedAndEverythingElseKept() throws {
        let cases = [
            ("https://fuelmoney.example.com/settings/premium?sl_qr=1", "https://fuelmoney.example.com/settings/premium"),
            ("https://a.example/x?y=%2F1&sl_qr=1&z=2#top", "https://a.example/x?y=%2F1&z=2#top"),
            ("https://a.example/x?sl_qr=2", "https://a.example/x?sl_qr=2"),
            ("fuelmoney://settings", "fuelmoney://settings"),
        ]
        for (link, expected) in cases {
            #expect(SceneLinkClient.withoutQRMarker(try #require(URL(string: link))).absoluteString == expected)
        }
    }
}
