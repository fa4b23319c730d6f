import Foundation
import SceneLinkCore
import SceneLinkHTTP
import SceneLinkOperations
import SceneLinkText

/// The JSON form of a whole scene, for `GET` and `PUT /v1/sessions/{id}/scenes/{scene}`.
///
/// A GET answers:
/// ```json
/// {"scene":"main","etag":"\"s12\"","values":{
///   "path":{"contentType":"application/json","etag":"\"v12\"","base64":"WyJTd2lmdC5JbnQiLCIxIl0=",
///           "json":["Swift.Int","1"]},
///   "tab":{"contentType":"text/plain","etag":"\"v9\"","base64":"aG9tZQ==","text":"home"}}}
/// ```
/// `base64` (RFC 4648 §4) is always there and is the exact bytes. For a JSON media type
/// (`application/json`, `*+json`) whose bytes are valid UTF-8 JSON, `json` repeats them verbatim
/// as a JSON value; for `text/*` in valid UTF-8, `text` repeats them as a string. Keys are sorted.
///
/// A PUT sends `{"values":{"KEY":{"contentType":"…","base64":"…"}}}` or, for text,
/// `{"values":{"KEY":{"contentType":"…","text":"…"}}}`, exactly one of `base64` and `text` per key.
/// Without `contentType` a `base64` value is `application/octet-stream` and a `text` value
/// `text/plain; charset=utf-8`. Keys not listed are deleted: the PUT replaces the whole scene.
enum SceneDocument {
    /// Why a PUT body was refused: one sentence saying what to fix.
    struct DecodingError: Error, Equatable {
        let detail: String
    }

    static func encode(_ snapshot: SceneSnapshot) -> String {
        var document = JSONObjectWriter()
        document.member("scene", snapshot.scene.rawValue)
        document.member("etag", snapshot.etag.headerValue)
        document.member("values") { values in
            for key in snapshot.values.keys.sorted() {
                guard let value = snapshot.values[key] else { continue }
                values.member(key.rawValue) { entry in
                    entry.member("contentType", value.contentType)
                    entry.member("etag", value.etag.headerValue)
                    entry.member("base64", Data(value.bytes).base64EncodedString())
                    if let json = embeddableJSON(value) {
                        entry.member("json", validatedJSON: json)
                    } else if let text = embeddableText(value) {
                        entry.member("text", text)
                    }
                }
            }
        }
        return document.finishText()
    }

    /// The list of a session's scenes.
    static func encode(_ scenes: [SceneSummary]) -> String {
        let items = scenes.map { summary in
            JSONValue.object([("scene", .string(summary.scene.rawValue)), ("etag", .string(summary.etag.headerValue)),
                              ("values", .number(String(summary.valueCount)))])
        }
        return JSONWriter.text(.object([("scenes", .array(items))]), escapingSlashes: false, sortingKeys: false)
    }

    static func decode(_ body: [UInt8]) throws(DecodingError) -> [ValueKey: ValueContent] {
        let example = "send {\"values\":{\"path\":{\"contentType\":\"application/json\",\"base64\":\"…\"}}}"
        // The one strict parser (RFC 8259): a trailing comma or a comment is an error with its place.
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw DecodingError(detail: "The body is not JSON (\(error)); \(example).")
        }
        guard root.objectMembers != nil else { throw DecodingError(detail: "The body is not a JSON object; \(example).") }
        guard let values = root["values"]?.objectMembers else {
            throw DecodingError(detail: "The body has no \"values\" object; \(example).")
        }
        var result: [ValueKey: ValueContent] = [:]
        for (name, entry) in values {
            let key: ValueKey
            do { key = try ValueKey(name) } catch { throw DecodingError(detail: error.description) }
            guard result[key] == nil else {
                throw DecodingError(detail: "The value \"\(name)\" is given more than once; give each key once.")
            }
            guard let fields = entry.objectMembers else {
                throw DecodingError(detail: "The value \"\(name)\" is not an object; \(example).")
            }
            let declaredType = entry["contentType"]
            if let declaredType, declaredType.stringValue == nil {
                throw DecodingError(detail: "The contentType of \"\(name)\" is not a string.")
            }
            let declared = declaredType?.stringValue
            let given = fields.map(\.key)
            switch (entry["base64"]?.stringValue, entry["text"]?.stringValue) {
            case (let base64?, nil) where !given.contains("text"):
                guard let data = Data(base64Encoded: base64) else {
                    throw DecodingError(detail: "The base64 of \"\(name)\" is not valid base64 (RFC 4648 §4, with padding).")
                }
                result[key] = ValueContent(bytes: [UInt8](data), contentType: declared ?? "application/octet-stream")
            case (nil, let text?) where !given.contains("base64"):
                result[key] = ValueContent(bytes: Array(text.utf8), contentType: declared ?? "text/plain; charset=utf-8")
            default:
                throw DecodingError(detail: "The value \"\(name)\" needs exactly one of \"base64\" or \"text\" as a string.")
            }
            let contentType = result[key]?.contentType ?? ""
            guard !contentType.isEmpty, contentType.utf8.count <= 255,
                  contentType.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
                throw DecodingError(detail: "The contentType of \"\(name)\" is not a media type of at most 255 ASCII characters.")
            }
        }
        return result
    }

    /// The bytes as they are, when they are UTF-8 JSON that may be pasted into a document.
    private static func embeddableJSON(_ value: StoredValue) -> String? {
        guard JSONMediaType.declares(value.contentType), value.bytes.first != 0xEF, // no byte-order mark
              let text = String(validating: value.bytes, as: UTF8.self),
              (try? JSONParser.parse(value.bytes)) != nil
        else { return nil }
        return text
    }

    private static func embeddableText(_ value: StoredValue) -> String? {
        guard value.contentType.lowercased().hasPrefix("text/") else { return nil }
        return String(validating: value.bytes, as: UTF8.self)
    }
}
