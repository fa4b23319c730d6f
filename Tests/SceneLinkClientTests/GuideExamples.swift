// The code of docs/swift-client.md, verbatim, so that every snippet in the guide compiles
// (GuideExamplesTests runs each against the live server). Edit both together.
import Foundation
import SceneLinkClient

// MARK: Open a session, keep it in the Keychain

/// The client for this app, with a session kept across launches.
/// `keychain` stands for the app's Keychain item (SecItemCopyMatching / SecItemAdd).
func makeClient(server: URL, keychain: inout Data?) async throws -> SceneLinkClient {
    var client = SceneLinkClient(baseURL: server)
    if let saved = keychain, let session = try? JSONDecoder().decode(SceneLinkSession.self, from: saved) {
        client.session = session
    } else {
        client.session = try await client.openSession()
        keychain = try JSONEncoder().encode(client.session)
    }
    return client
}

/// Restores the path; when the session has expired, opens a new one (which starts empty).
func restorePath(client: inout SceneLinkClient, keychain: inout Data?) async throws -> Data? {
    do {
        return try await client.restore(scene: "main", key: "path", repair: true)?.data
    } catch .sessionExpired {
        client.session = try await client.openSession()
        keychain = try JSONEncoder().encode(client.session)
        return nil
    }
}

// MARK: Save, and handle a conflict

/// Saves the path over the revision last seen; when another device saved first, the newer
/// screen on this device wins, overwriting exactly the revision the conflict showed.
func savePath(_ path: Data, client: SceneLinkClient, etag: String?) async throws -> String {
    do {
        return try await client.save(path, scene: "main", key: "path", contentType: "application/json", ifMatch: etag)
    } catch .valueConflict(let current) {
        return try await client.save(path, scene: "main", key: "path", contentType: "application/json",
                                     ifMatch: current?.etag, ifNoneMatch: current == nil ? "*" : nil)
    }
}

// MARK: Whole scenes

/// Saves every value of the window at once.
func saveWindow(client: SceneLinkClient, path: Data, tab: String, sceneETag: String?) async throws -> String {
    let saved = try await client.saveScene(["path": SceneValue(data: path, contentType: "application/json"),
                                            "tab": SceneValue(text: tab)],
                                           scene: "main", ifMatch: sceneETag)
    return saved.etag
}

/// Restores every value of the window in one round trip.
func restoreWindow(client: SceneLinkClient) async throws -> (path: Data?, tab: String?) {
    guard let scene = try await client.restoreScene("main") else { return (nil, nil) }
    return (scene.values["path"]?.data, scene.values["tab"].map { String(decoding: $0.data, as: UTF8.self) })
}

// MARK: Links

/// The path to show for an incoming link, or nil for a link that is not the app's.
func pathForLink(_ link: URL, client: SceneLinkClient) async throws -> Data? {
    do {
        let resolution = try await client.resolve(link)
        return resolution.navigationPath
    } catch let error where error.problem?.slug == "no-route" {
        return nil
    }
}

/// The https link of the screen the user is on (share this screen).
func shareLink(for path: Data, client: SceneLinkClient) async throws -> URL? {
    try await client.links(for: path).httpsURL
}

// MARK: Retries

/// A client that waits longer for a server that is restarting.
func makePatientClient(server: URL) -> SceneLinkClient {
    var policy = RetryPolicy.standard
    policy.maximumAttempts = 6
    policy.maximumDelay = .seconds(10)
    return SceneLinkClient(baseURL: server, retryPolicy: policy)
}

// MARK: NavigationState

/// Launch: the saved path, repaired; says when an app update removed some of its screens.
func launch(state: NavigationState) async throws -> (path: Data?, screensRemoved: Bool) {
    let saved = try await state.restore()
    return (saved, await state.droppedElements > 0)
}

// MARK: Testing the app without a server

/// A transport for the app's own tests: the device is offline.
struct Offline: SceneLinkTransport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        throw TransportError(.couldNotConnect, "The device is offline.")
    }
}
