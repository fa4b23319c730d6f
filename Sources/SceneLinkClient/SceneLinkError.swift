import Foundation

/// Everything a `SceneLinkClient` call can throw; each prints one sentence that says what to do.
///
/// The cases an app handles on purpose:
/// - `sessionExpired`: the session expired or was ended (the server answered `404
///   session-not-found` or `401 session-ended`). Open a new session with `openSession()`.
/// - `unknownToken`: the session is live but the token sent is not its token (`401
///   unknown-token`, or a malformed token): the app's stored credentials are damaged. Do not
///   open a new session in its place, which would leave the saved state behind; keep the
///   credentials, report the error and fix how they are stored.
/// - `valueConflict` / `sceneConflict`: a conditional save or forget failed (`412`) because
///   someone else saved first; the error carries what the server holds now, so the app can
///   merge, or overwrite on purpose with `ifMatch: current.etag`.
/// - `problem`: any other `application/problem+json` answer (`404 no-route`, `413`, `422` …).
///
/// ```swift
/// do {
///     etag = try await client.save(data, scene: "main", key: "path", ifMatch: etag)
/// } catch .valueConflict(let current) {
///     etag = try await client.save(merge(data, current?.data), scene: "main", key: "path",
///                                  ifMatch: current?.etag)
/// }
/// ```
public enum SceneLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call needs a session and the client has none: set `client.session` first.
    case noSession
    /// The session expired or was ended (`404 session-not-found`, or `401 session-ended` once the
    /// server swept it away): open a new one, which starts empty.
    case sessionExpired(SceneLinkProblem)
    /// The server does not know the token sent for a session it does know (`401 unknown-token`),
    /// or the token is malformed (`401 unauthorized`): the stored credentials are damaged. A new
    /// session would not bring the saved state back; keep the credentials and fix the app.
    case unknownToken(SceneLinkProblem)
    /// A conditional value save or forget failed (`412`); the value the server holds now, or nil when
    /// nothing is stored under the key.
    case valueConflict(current: SavedValue?)
    /// A conditional scene save or forget failed (`412`); the scene the server holds now, or nil when
    /// the scene no longer exists.
    case sceneConflict(current: SavedScene?)
    /// Any other problem answer from the server.
    case problem(SceneLinkProblem)
    /// An answer the client cannot read: not a problem document, or a body that is not what
    /// the API promises.
    case unexpectedResponse(status: Int, reason: String)
    /// No answer arrived, after every attempt the retry policy allowed.
    case transport(TransportError)
    /// The request could not be made (for example, a base URL that cannot take a path).
    case invalidRequest(String)
    /// A value could not be encoded or decoded as the caller's type.
    case coding(String)
    /// The task was cancelled.
    case cancelled

    /// The server's problem document, when the error came from one.
    public var problem: SceneLinkProblem? {
        switch self {
        case .sessionExpired(let problem), .unknownToken(let problem), .problem(let problem): problem
        default: nil
        }
    }

    /// One sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .noSession:
            return "This call needs a session; set client.session to the result of openSession() first."
        case .sessionExpired(let problem):
            return "The SceneLink session has expired or ended (\(problem.status)); open a new one with openSession()."
        case .unknownToken(let problem):
            return "The SceneLink server does not know this session's token (\(problem.status) \(problem.slug)): the stored credentials are damaged; keep them, report this and fix how the app stores them instead of opening a new session, which would leave the saved state behind."
        case .valueConflict(let current):
            guard let current else {
                return "The value was not changed: its precondition failed and nothing is stored under the key now; save with ifNoneMatch: \"*\" (there is nothing to forget)."
            }
            return "The value was not changed: someone saved revision \(current.etag) first; merge with it, or save or forget with ifMatch: \(current.etag)."
        case .sceneConflict(let current):
            guard let current else {
                return "The scene was not changed: its precondition failed and the scene no longer exists; save it with ifNoneMatch: \"*\" (there is nothing to forget)."
            }
            return "The scene was not changed: someone saved revision \(current.etag) first; merge with it, or save or forget it with ifMatch: \(current.etag)."
        case .problem(let problem):
            let detail = problem.detail.isEmpty ? problem.title : problem.detail
            return Self.sentence("The SceneLink server answered \(problem.status) (\(problem.slug)): \(detail)")
        case .unexpectedResponse(let status, let reason):
            return Self.sentence("The SceneLink server's answer (\(status)) could not be read: \(reason)")
        case .transport(let error):
            return error.description
        case .invalidRequest(let reason):
            return Self.sentence("The request could not be made: \(reason)")
        case .coding(let reason):
            return Self.sentence("A value could not be converted: \(reason)")
        case .cancelled:
            return "The SceneLink call was cancelled."
        }
    }

    /// `text` ending with one full stop (server texts usually have one already).
    static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text }
        return text + "."
    }
}
