/// Who made a change, as the audit log names it. Never a secret: the admin token is named by
/// its role, a key by its name and id (the id is not the secret part of its text), a console
/// session by the first 8 characters of its id.
public enum AuditActor: Sendable, Equatable, CustomStringConvertible {
    /// The root key, `--admin-token` (or `--admin-token-next` during a rotation).
    case adminToken
    /// An API key: `key:NAME(id)`.
    case key(id: String, name: String)
    /// An operator console session: `console:PREFIX`.
    case console(sessionPrefix: String)
    /// `scenelink keys create|revoke` on the server's machine: `cli`.
    case commandLine

    /// `admin-token`, `key:NAME(id)` or `console:PREFIX`.
    public var description: String {
        switch self {
        case .adminToken: "admin-token"
        case .key(let id, let name): "key:\(name)(\(id))"
        case .console(let prefix): "console:\(prefix.prefix(8))"
        case .commandLine: "cli"
        }
    }
}
