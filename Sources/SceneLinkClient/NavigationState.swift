import Foundation

/// What a scene does with `@SceneStorage`, kept on a SceneLink server: one window's navigation
/// path, restored at launch and saved when the scene goes inactive.
///
/// It keeps the `ETag` of the revision it last read or wrote, so every save is conditional:
/// it never overwrites a path saved elsewhere (another device on the same session) that it has
/// not seen. Such a save throws `.valueConflict(current:)` with the other path; the state then
/// knows that revision, so the next `save` overwrites it on purpose, after the app merged or
/// chose. With `conflictPolicy: .overwrite` it does that at once instead.
///
/// Saves made while one is in flight are coalesced: one request at a time, the last path wins,
/// and every caller whose path was superseded returns when the path that replaced it is saved.
///
/// It works on `Data` (the JSON of a `NavigationPath.CodableRepresentation`) or on any
/// `Codable` value; the SwiftUI file adapts `NavigationPath` to it.
///
/// ```swift
/// let state = NavigationState(client: client, scene: "main")
/// if let saved = try await state.restore() { pathData = saved }   // launch, repaired
/// try await state.save(pathData)                                   // scene goes inactive
/// let linked = try await state.path(for: incomingURL)              // a deep link
/// ```
public actor NavigationState {
    /// What a save does when someone else saved first.
    public enum ConflictPolicy: Sendable, Hashable {
        /// Throw `.valueConflict(current:)`; the next save overwrites what it carried.
        case report
        /// Overwrite at once (last writer wins, as `@SceneStorage` does on one device).
        case overwrite
    }

    /// The scene, such as `main`.
    public nonisolated let scene: String
    /// The key the path is stored under, such as `path`.
    public nonisolated let key: String
    /// What a save does when someone else saved first.
    public nonisolated let conflictPolicy: ConflictPolicy
    /// The client requests go through (its session included).
    public private(set) var client: SceneLinkClient
    /// The `ETag` of the revision last read or written; nil when none is known.
    public private(set) var etag: String?
    /// Elements the last restore dropped from a stale path (0 when it was still valid, or when
    /// nothing was repaired).
    public private(set) var droppedElements = 0

    /// Whether the server's state was read: after a restore that found nothing, the first save
    /// creates the value only if still nothing is there.
    private var knowsServerState = false
    private var pending: Data?
    private var requested = 0
    private var saving = false
    private var waiting: [(ticket: Int, continuation: CheckedContinuation<Result<Void, SceneLinkError>, Never>)] = []

    /// - Parameters:
    ///   - client: the client, with its `session` set.
    ///   - scene: the scene the path belongs to.
    ///   - key: the key it is stored under.
    ///   - conflictPolicy: `.report` (the default) or `.overwrite`.
    public init(client: SceneLinkClient, scene: String = "main", key: String = "path",
                conflictPolicy: ConflictPolicy = .report) {
        self.client = client
        self.scene = scene
        self.key = key
        self.conflictPolicy = conflictPolicy
    }

    /// Uses a new session (after `.sessionExpired`, `.unknownToken`, the app opened one); forgets the `ETag`.
    public func useSession(_ session: SceneLinkSession) {
        client.session = session
        etag = nil
        knowsServerState = false
    }

    /// Reads the saved path, repaired: a path an app update made stale comes back cut to the
    /// screens this version still has (`droppedElements` says how many went).
    /// - Returns: the path's bytes, or nil when nothing is saved (start at the root).
    /// - Throws: `.sessionExpired`, `.unknownToken`, or another `SceneLinkError`.
    public func restore() async throws(SceneLinkError) -> Data? {
        let saved = try await client.restore(scene: scene, key: key, repair: true)
        record(saved)
        return saved?.data
    }

    /// Remembers what a restore read: its revision, and what a repair dropped.
    private func record(_ saved: SavedValue?) {
        etag = saved?.etag
        droppedElements = saved?.droppedElements ?? 0
        knowsServerState = true
    }

    /// Reads the saved value and decodes it as `type`: any `Decodable` value saved with
    /// `save(_:)`, such as the app's preferences or a navigation path.
    ///
    /// Only a navigation path can be repaired (the server cuts a stale path to the screens this
    /// version of the app still has), so a repair is asked for only when `repair` says so, or,
    /// when `repair` is nil, when `type` is SwiftUI's `NavigationPath.CodableRepresentation`.
    /// Asking to repair a value that is not a path throws `.problem` with
    /// `422 not-a-navigation-path`.
    ///
    /// ```swift
    /// let prefs = try await state.restore(as: Prefs.self)                       // as saved
    /// let stack = try await state.restore(as: [String].self, repair: true)      // a path, repaired
    /// ```
    /// - Parameters:
    ///   - type: the type the value was saved as.
    ///   - repair: true to repair a navigation path, false to read the value as saved; nil (the
    ///     default) repairs a `NavigationPath.CodableRepresentation` only.
    ///   - decoder: the decoder that reads it.
    /// - Returns: the value, or nil when nothing is saved.
    /// - Throws: `.coding` when the bytes are not a `type`, or another `SceneLinkError`.
    public func restore<Value: Decodable>(as type: Value.Type, repair: Bool? = nil,
                                          decoder: JSONDecoder = JSONDecoder()) async throws(SceneLinkError) -> Value? {
        let saved = try await client.restore(scene: scene, key: key, repair: repair ?? Self.isNavigationPath(type))
        record(saved)
        guard let data = saved?.data else { return nil }
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .coding("the saved \(key) is not a \(type) (\(error)).")
        }
    }

    /// Saves `path`, coalescing with saves in flight: the last path given wins.
    ///
    /// Returns when `path`, or a path given after it, is saved; throws what that save threw.
    /// - Throws: `.valueConflict` (with `.report`), `.sessionExpired`, `.unknownToken`, or another `SceneLinkError`.
    public func save(_ path: Data) async throws(SceneLinkError) {
        requested += 1
        let ticket = requested
        pending = path
        if !saving {
            saving = true
            Task { await self.drain() }
        }
        let result = await withCheckedContinuation { continuation in
            waiting.append((ticket, continuation))
        }
        try result.get()
    }

    /// Encodes `value` as JSON and saves it as `save(_:)` does.
    /// - Throws: `.coding` when `value` cannot be encoded, or what `save(_:)` throws.
    public func save<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) async throws(SceneLinkError) {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .coding("the \(key) could not be encoded (\(error)).")
        }
        try await save(data)
    }

    /// Resolves an incoming deep link into the path to show.
    /// - Returns: the `NavigationPath.CodableRepresentation` JSON of the link's whole back stack.
    /// - Throws: `.problem` with `404 no-route` for a link no route takes, or another `SceneLinkError`.
    public func path(for link: URL) async throws(SceneLinkError) -> Data {
        try await client.resolve(link, format: .navigationPath)
    }

    /// Saves asked for so far (for tests that need to know a save is queued).
    var savesRequested: Int { requested }

    /// Sends pending paths one at a time until none is left.
    private func drain() async {
        while let path = pending {
            pending = nil
            let ticket = requested
            let result: Result<Void, SceneLinkError>
            do {
                try await send(path)
                result = .success(())
            } catch {
                result = .failure(error)
            }
            let (done, left) = (waiting.filter { $0.ticket <= ticket }, waiting.filter { $0.ticket > ticket })
            waiting = left
            for waiter in done { waiter.continuation.resume(returning: result) }
        }
        saving = false
    }

    /// One conditional save; on a conflict, records the server's revision (and overwrites it
    /// with `.overwrite`).
    private func send(_ path: Data) async throws(SceneLinkError) {
        var attempts = 0
        while true {
            attempts += 1
            do {
                etag = try await client.save(path, scene: scene, key: key, contentType: "application/json",
                                             ifMatch: etag, ifNoneMatch: etag == nil && knowsServerState ? "*" : nil)
                knowsServerState = true
                return
            } catch .valueConflict(let current) {
                etag = current?.etag
                knowsServerState = true
                guard conflictPolicy == .overwrite, attempts < 3 else { throw .valueConflict(current: current) }
            }
        }
    }
}
