import Foundation

/// An `application/problem+json` answer (RFC 9457): what the server refused and why.
///
/// `type` is stable and meant for code (`https://scenelink.dev/problems/no-route`; `slug` is its
/// last part, `no-route`), `title` is short, `detail` says what to fix. Members beyond the four
/// of RFC 9457 (such as `closest` on a `no-route` problem) are in `extensions`.
public struct SceneLinkProblem: Sendable, Hashable {
    /// The problem type, a URI.
    public var type: String
    /// A short summary that does not change from one occurrence to the next.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// What happened this time and what to do about it.
    public var detail: String
    /// Every other member of the problem object.
    public var extensions: [String: SceneLinkJSON]

    /// Creates a problem.
    public init(type: String, title: String, status: Int, detail: String, extensions: [String: SceneLinkJSON] = [:]) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.extensions = extensions
    }

    /// The last path segment of `type`: `no-route`, `precondition-failed`, `session-not-found`.
    public var slug: String {
        type.split(separator: "/").last.map(String.init) ?? type
    }

    /// Reads a problem from an answer's body; nil when the body is not a JSON object.
    /// Missing members take RFC 9457's defaults (`about:blank`, the status of the answer).
    static func decode(_ body: Data, status: Int) -> SceneLinkProblem? {
        guard case .object(var members)? = try? JSONDecoder().decode(SceneLinkJSON.self, from: body) else { return nil }
        func text(_ name: String) -> String? {
            guard case .string(let value)? = members.removeValue(forKey: name) else { return nil }
            return value
        }
        let type = text("type") ?? "about:blank"
        let title = text("title") ?? ""
        let detail = text("detail") ?? ""
        var code = status
        if case .integer(let value)? = members.removeValue(forKey: "status") { code = value }
        return SceneLinkProblem(type: type, title: title, status: code, detail: detail, extensions: members)
    }
}
