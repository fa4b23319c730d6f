/// A route-file text with `{parameter}` holes (`"Recipe {id}"`), for previews and fallback
/// URLs. `{{` and `}}` stand for literal braces.
struct TextTemplate: Sendable, Equatable {
    enum Chunk: Sendable, Equatable {
        case text(String)
        /// The route's parameter at this index.
        case parameter(Int)
    }

    /// How a parameter's value is written into the text.
    enum Encoding {
        /// As the value's link text (an enum's raw value, an upper-case UUID).
        case plain
        /// As the link text percent-encoded for a URL's query value or path segment.
        case url
    }

    let chunks: [Chunk]

    /// The text with each parameter's value; a parameter without a value leaves nothing.
    func render(_ values: [JSONValue?], kinds: [ParameterKind], encoding: Encoding) -> String {
        var out = ""
        for chunk in chunks {
            switch chunk {
            case .text(let text):
                out += text
            case .parameter(let index):
                guard index < values.count, let value = values[index] else { continue }
                let text = (index < kinds.count ? kinds[index].linkText(for: value) : nil)
                    ?? value.stringValue ?? JSONWriter.text(value, escapingSlashes: false)
                out += encoding == .url ? LinkPrinter.encodeQuery(text) : text
            }
        }
        return out
    }

    /// The literal text before the first parameter.
    var prefix: String {
        var out = ""
        for chunk in chunks {
            guard case .text(let text) = chunk else { break }
            out += text
        }
        return out
    }

    /// The ways a template's text can be wrong.
    enum SyntaxError: Error, Equatable {
        case unclosed
        case strayClosingBrace
        case notAName(String)
        case unknownParameter(String)
    }

    /// Parses `text`, looking parameter names up in `scope` (name → route parameter index).
    static func parse(_ text: String, scope: [String: Int]) -> Result<TextTemplate, SyntaxError> {
        // Read by UTF-8 bytes: braces are ASCII, so the text between them is cut at scalar
        // boundaries, and a run without braces is copied whole, not character by character.
        let bytes = text.utf8
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var chunks: [Chunk] = []
        var literal = ""
        var index = bytes.startIndex
        var run = index
        while let brace = bytes[index...].firstIndex(where: { $0 == open || $0 == close }) {
            literal += text[run..<brace]
            let next = bytes.index(after: brace)
            let doubled = next < bytes.endIndex && bytes[next] == bytes[brace]
            if doubled {
                literal.append(bytes[brace] == open ? "{" : "}")
                index = bytes.index(after: next)
            } else if bytes[brace] == close {
                return .failure(.strayClosingBrace)
            } else {
                guard let end = bytes[next...].firstIndex(of: close) else { return .failure(.unclosed) }
                let name = String(text[next..<end].trimmingSpaces)
                guard RouteFileLoader.isIdentifier(name) else { return .failure(.notAName(name)) }
                guard let parameter = scope[name] else { return .failure(.unknownParameter(name)) }
                if !literal.isEmpty { chunks.append(.text(literal)); literal = "" }
                chunks.append(.parameter(parameter))
                index = bytes.index(after: end)
            }
            run = index
        }
        literal += text[run...]
        if !literal.isEmpty { chunks.append(.text(literal)) }
        return .success(TextTemplate(chunks: chunks))
    }
}
