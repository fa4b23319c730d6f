import SceneLinkCore
import SceneLinkHTTP

extension HTTPProblem {
    /// The problem as a value to place inside another document (an import's refused row), member
    /// for member as `json` writes it; an extension's JSON that does not parse is written as null.
    package var jsonValue: JSONValue {
        .object([("type", .string(type)), ("title", .string(title)), ("status", .number(String(status.code))), ("detail", .string(detail))]
                + extensions.map { (key: $0.name, value: (try? JSONParser.parse($0.json)) ?? .null) })
    }
}
