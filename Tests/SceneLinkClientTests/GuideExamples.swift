// The code of docs/swift-client.md, verbatim, so that every snippet in the guide compiles
// (GuideExamplesTests runs each against the live server). Edit both together.
import Foundation
import SceneLinkClient

// MARK: Open a session, keep it in the Keychain

/// The client for this app, with its session kept across launches in the Keychain
/// (`SessionKeychain`, from docs/ios-quick-start.md): the stored one, else a new one.
func makeClient(server: URL, keychain: SessionKeychain) async throws(SceneLinkError) -> SceneLinkClient {
    var client = SceneLinkClient(baseURL: server, session: keychain.load())
    if client.session == nil {
        let session = try await client.openSession()
        keychain.save(session)
        client.session = session
    }
    return client
}

// MARK: Save, and handle a conflict

/// Saves the path over the revision last seen; when another device saved first, the newer
/// screen on this device wins, overwriting exactly the revision the conflict showed.
func savePath(_ path: Data, client: SceneLinkClient, etag: String?) async throws(SceneLinkError) -> String {
    do {
        return try await client.save(path, scene: "main", key: "path", contentType: "application/json", ifMatch: etag)
    } catch .valueConflict(let current) {
        return try await client.save(path, scene: "main", key: "path", contentType: "application/json",
                                     ifMatch: current?.etag, ifNoneMatch: current == nil ? "*" : nil)
    }
}

// MARK: Whole scenes

/// Saves every value of the window at once.
func saveWindow(client: SceneLinkClient, path: Data, tab: String, sceneETag: String?) async throws(SceneLinkError) -> String {
    let saved = try await client.saveScene(["path": SceneValue(data: path, contentType: "application/json"),
                                            "tab": SceneValue(text: tab)],
                                           scene: "main", ifMatch: sceneETag)
    return saved.etag
}

/// Restores every value of the window in one round trip.
func restoreWindow(client: SceneLinkClient) async throws(SceneLinkError) -> (path: Data?, tab: String?) {
    guard let scene = try await client.restoreScene("main") else { return (nil, nil) }
    return (scene.values["path"]?.data, scene.values["tab"].map { String(decoding: $0.data, as: UTF8.self) })
}

/// Saves the window over the scene revision last seen; when another device saved the scene
/// first, keeps that device's tab and puts this device's path over it.
func saveWindowKeepingTheirTab(client: SceneLinkClient, path: Data, tab: String,
                               sceneETag: String?) async throws(SceneLinkError) -> String {
    do {
        return try await saveWindow(client: client, path: path, tab: tab, sceneETag: sceneETag)
    } catch .sceneConflict(let current) {
        let theirTab = current?.values["tab"].map { String(decoding: $0.data, as: UTF8.self) } ?? tab
        return try await saveWindow(client: client, path: path, tab: theirTab, sceneETag: current?.etag)
    }
}

// MARK: Links

/// The path to show for an incoming link, or nil for a link that is not the app's.
func pathForLink(_ link: URL, client: SceneLinkClient) async throws(SceneLinkError) -> Data? {
    do {
        let resolution = try await client.resolve(link)
        return resolution.navigationPath
    } catch let error where error.problem?.slug == "no-route" {
        return nil
    }
}

/// The https link of the screen the user is on (share this screen).
func shareLink(for path: Data, client: SceneLinkClient) async throws(SceneLinkError) -> URL? {
    try await client.links(for: path).httpsURL
}

// MARK: Errors

/// The user's preferences: any `Codable` value, saved and restored beside the path as it is
/// (only a navigation path is repaired).
struct Preferences: Codable, Equatable {
    var currency: String
    var showsPremium: Bool
}

/// Saves the preferences beside the path and answers the `ETag` of those stored now (theirs,
/// when another device saved first). This `do` also calls `JSONEncoder`, which throws other
/// errors, so the conflict is caught by its full name.
func savePreferences(_ preferences: Preferences, client: SceneLinkClient, etag: String?) async throws -> String? {
    do {
        let data = try JSONEncoder().encode(preferences)
        return try await client.save(data, scene: "main", key: "preferences", contentType: "application/json", ifMatch: etag)
    } catch SceneLinkError.valueConflict(let current) {
        return current?.etag   // another device saved its preferences first: keep them
    }
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
func launch(state: NavigationState) async throws(SceneLinkError) -> (path: Data?, screensRemoved: Bool) {
    let saved = try await state.restore()
    return (saved, await state.droppedElements > 0)
}

/// Reads the preferences saved under the key `preferences` of the window's scene.
func restorePreferences(client: SceneLinkClient) async throws(SceneLinkError) -> Preferences? {
    try await NavigationState(client: client, key: "preferences").restore(as: Preferences.self)
}

// MARK: Testing the app without a server

/// A transport for the app's own tests: the device is offline.
struct Offline: SceneLinkTransport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        throw TransportError(.couldNotConnect, "The device is offline.")
    }
}
