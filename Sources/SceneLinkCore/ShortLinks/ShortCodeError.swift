/// Why a short-link code or alias was refused. Endpoints answer these with 400 (an alias in
/// a request body) or as an unknown code (a path that no stored code can match).
public struct ShortCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the code.
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
            return "The alias is empty; give 1 or more of the characters A-Z a-z 0-9 - _, or leave alias out for a random code."
        case .tooLong(let maximum):
            return "The alias is \(value.utf8.count) bytes long; use at most \(maximum)."
        case .invalidCharacter(let character):
            let shown = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                .joined(separator: " ")
            return "The alias contains the character \(shown); use only A-Z a-z 0-9 - _."
        }
    }
}
