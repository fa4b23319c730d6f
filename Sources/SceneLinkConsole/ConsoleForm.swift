import SceneLinkText

/// The fields of an `application/x-www-form-urlencoded` body (the HTML Living Standard's
/// algorithm: split on `&`, then on the first `=`, `+` is a space, then percent-decoding).
/// A field whose escapes are not valid UTF-8 is kept with an empty value; the first of a
/// repeated name wins in `subscript`, `values(named:)` answers all of them.
package struct ConsoleForm: Sendable {
    package let fields: [(name: String, value: String)]

    package init(body: [UInt8]) {
        var fields: [(name: String, value: String)] = []
        for part in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = part.firstIndex(of: UInt8(ascii: "="))
            let name = Self.decode(part[part.startIndex ..< (equals ?? part.endIndex)])
            let value = equals.map { Self.decode(part[part.index(after: $0)...]) } ?? ""
            fields.append((name, value))
        }
        self.fields = fields
    }

    package subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    package func values(named name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let spaced = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return PercentDecoding.decode(utf8: spaced) ?? ""
    }
}
