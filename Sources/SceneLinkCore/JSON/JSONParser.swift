/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Strict on purpose: route files are configuration, and a trailing comma or a comment
/// is reported with its line and column rather than guessed at. Nesting is limited
/// (`maximumDepth`) so hostile input cannot exhaust the stack.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"a":[1,true]}"#.utf8))
/// ```
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON document (surrounding whitespace allowed).
    /// - Throws: `JSONParseError` with the line and column of the first problem.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Parses a JSON document given as text.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func error(_ reason: String, at position: Int? = nil) -> JSONParseError {
        let end = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[0..<end] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(line: line, column: column, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value but found the end of the input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value but found \(describeHere())")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let start = index
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("expected \(word)", at: start) }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("expected \(word)", at: start)
        }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1; depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes but found \(describeHere())")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\" but found \(describeHere())")
            }
            index += 1
            skipWhitespace()
            members.append((key: key, value: try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}' but found the end of the input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' after an object member but found \(describeHere())")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1; depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']' but found the end of the input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' after an array element but found \(describeHere())")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count,
                  parser.bytes[parser.index] >= UInt8(ascii: "0"), parser.bytes[parser.index] <= UInt8(ascii: "9") {
                parser.index += 1
            }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw error("expected a digit after '-'") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
            throw error("a number may not have a leading zero", at: intStart)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        var out: [UInt8] = []
        var runStart = index
        var escaped = false
        var ascii = true
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                // Most strings are plain ASCII: made straight from the input, with no copy
                // into `out` and no UTF-8 validation (which is not specialised and costly).
                if !escaped, ascii {
                    let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw error("a control character must be escaped inside a string") }
            if byte >= 0x80 { ascii = false }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            escaped = true
            out.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    // A high surrogate must be followed by an escaped low surrogate (RFC 8259 §7).
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a \\u high surrogate must be followed by a \\u low surrogate")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard low >= 0xDC00 && low < 0xE000 else { throw error("invalid \\u low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw error("a \\u low surrogate without a high surrogate")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
            }
            runStart = index
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw error("a string is not valid UTF-8", at: start)
        }
        return text
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
