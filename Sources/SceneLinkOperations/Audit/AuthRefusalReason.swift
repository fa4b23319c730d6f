/// Why a caller was refused, as an `auth.refused` audit entry names it (`reason`).
package enum AuthRefusalReason: String, Sendable, CaseIterable {
    /// A bearer token that is neither the admin token nor shaped like an API key, or a malformed
    /// `Authorization` field.
    case wrongToken = "wrong-token"
    /// An API key's text whose id names no key.
    case unknownKey = "unknown-key"
    /// An API key's text whose id names a key but whose secret is wrong.
    case wrongKeySecret = "wrong-key-secret"
    /// A revoked key's text.
    case revokedKey = "revoked-key"
    /// A working key without the scope the operation needs.
    case missingScope = "missing-scope"
    /// A working key on an operation only the admin token may perform.
    case adminTokenRequired = "admin-token-required"
    /// A console sign-in with a token that started no session (the cause is in `detail.cause`).
    case consoleSignIn = "console-sign-in"
    /// A console change without the session's form token, or from another origin.
    case csrf
}
