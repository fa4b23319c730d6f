/// Why a short-link tag was refused. Endpoints answer it with 400, in a body, a CSV cell or
/// the listing's `tag=`.
public struct ShortLinkTagError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the tag.
    public enum Reason: Equatable, Sendable {
        case empty
        case tooLong(maximum: Int)
        case invalidCharacter(Character)
    }

    public let value: String
    public let reason: Reason

    public init(value: String, reason: Reason) {
        self.value = value
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .empty:
            return "A tag is empty; give 1 to \(ShortLinkTag.maximumLength) of the characters a-z 0-9 - _."
        case .tooLong(let maximum):
            return "The tag '\(value.prefix(maximum))…' is \(value.utf8.count) bytes long; use at most \(maximum)."
        case .invalidCharacter(let character):
            let shown = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                .joined(separator: " ")
            return "The tag '\(value.prefix(64))' contains the character \(shown); use only lowercase a-z, 0-9, - and _."
        }
    }
}
