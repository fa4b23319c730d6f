/// Small pieces of Swift syntax the writers share: identifiers, literals, link encoding.
enum SwiftSyntax {
    /// Words that need backticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    /// Names no type can have, even in backticks (`String(reflecting:)` would not print them).
    static let impossibleTypeNames: Set<String> = ["Type", "Protocol", "self", "Self", "init", "deinit", "subscript", "_", "Any"]

    /// `name`, in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Whether `text` is a Swift identifier (letters, digits, `_`, not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// A lowerCamelCase identifier for any text (`level-all` → `levelAll`, `2fa` → `_2fa`).
    static func memberName(_ text: String) -> String {
        if isIdentifier(text) { return text }
        var out = ""
        var upper = false
        for scalar in text.unicodeScalars {
            if scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                out += upper && !out.isEmpty ? String(scalar).uppercased() : String(scalar)
                upper = false
            } else {
                upper = true
            }
        }
        if out.isEmpty { return "_" }
        if let first = out.unicodeScalars.first, first.properties.numericType != nil { out = "_" + out }
        return out
    }

    /// `text` with its first letter uppercased (`settings` → `Settings`).
    static func typeName(_ text: String) -> String {
        let member = memberName(text)
        guard let first = member.first else { return member }
        return first.uppercased() + member.dropFirst()
    }

    /// A Swift string literal for `text`, escaped so any text round-trips.
    static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
