import Foundation

/// The credentials of one SceneLink session: what `openSession()` returns and every value call
/// sends.
///
/// `Codable`, so the app can keep it in the Keychain and use it again at the next launch (the
/// token is a secret: the server keeps only its hash and cannot show it again). A session lives
/// until it has been idle for the server's session time-to-live; each use moves `expiresAt`
/// forward on the server, so the value here is the expiry as of the session's opening. When the
/// session expired or was ended, calls throw `SceneLinkError.sessionExpired`: open a new one.
/// When the server knows the session but not the token (damaged credentials), they throw
/// `SceneLinkError.unknownToken`: a new session would not bring the saved state back.
///
/// ```swift
/// client.session = try await client.openSession()
/// let saved = try JSONEncoder().encode(client.session)   // to the Keychain
/// ```
public struct SceneLinkSession: Codable, Sendable, Hashable {
    /// The session's id, part of every value URL.
    public var id: String
    /// The secret bearer token; keep it in the Keychain, never in logs or user defaults.
    public var token: String
    /// When the session expires unless it is used before then.
    public var expiresAt: Date

    /// Creates credentials, such as those read back from the Keychain.
    public init(id: String, token: String, expiresAt: Date) {
        self.id = id
        self.token = token
        self.expiresAt = expiresAt
    }
}
