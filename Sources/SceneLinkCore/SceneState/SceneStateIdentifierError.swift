/// Why a session id, scene id or value key in a request path was refused.
///
/// Identifiers travel in URL path segments and are stored as SQLite text, so they are kept
/// to a short, unambiguous alphabet: ASCII letters, digits and `-`, `.`, `_`, `~` (the URI
/// "unreserved" set, RFC 3986 §2.3), at most a fixed length, and never `.` or `..` (which
/// clients normalise away, RFC 3986 §5.2.4). Endpoints answer these with 400.
public struct SceneStateIdentifierError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which identifier was refused.
    public enum Kind: String, Sendable {
        case sessionID = "session id"
        case sceneID = "scene id"
        case valueKey = "value key"
    }

    /// What is wrong with it.
    public enum Reason: Equatable, Sendable {
        case empty
        case tooLong(maximum: Int)
        case invalidCharacter(Character)
        case dotSegment
    }

    public let kind: Kind
    public let value: String
    public let reason: Reason

    public init(kind: Kind, value: String, reason: Reason) {
        self.kind = kind
        self.value = value
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .empty:
            return "The \(kind.rawValue) is empty; give 1 or more of the characters A-Z a-z 0-9 - . _ ~."
        case .tooLong(let maximum):
            return "The \(kind.rawValue) is \(value.utf8.count) bytes long; use at most \(maximum)."
        case .invalidCharacter(let character):
            let shown = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                .joined(separator: " ")
            return "The \(kind.rawValue) contains the character \(shown); use only A-Z a-z 0-9 - . _ ~."
        case .dotSegment:
            return "The \(kind.rawValue) '\(value)' is a dot segment that URLs normalise away; choose another name."
        }
    }

    /// Checks `value` against the identifier rules; shared by the three identifier types.
    static func validate(_ value: String, kind: Kind, maximumLength: Int,
                         allowsDot: Bool = true) throws(SceneStateIdentifierError) {
        if value.isEmpty { throw SceneStateIdentifierError(kind: kind, value: value, reason: .empty) }
        if value.utf8.count > maximumLength {
            throw SceneStateIdentifierError(kind: kind, value: value, reason: .tooLong(maximum: maximumLength))
        }
        if value == "." || value == ".." {
            throw SceneStateIdentifierError(kind: kind, value: value, reason: .dotSegment)
        }
        for scalar in value.unicodeScalars where !(scalar.isASCII && isAllowed(UInt8(scalar.value), allowsDot: allowsDot)) {
            throw SceneStateIdentifierError(kind: kind, value: value, reason: .invalidCharacter(Character(scalar)))
        }
    }

    private static func isAllowed(_ byte: UInt8, allowsDot: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        case UInt8(ascii: "."):
            return allowsDot
        default:
            return false
        }
    }
}
