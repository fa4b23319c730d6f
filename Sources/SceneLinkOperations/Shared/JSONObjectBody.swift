import SceneLinkCore
import SceneLinkHTTP

/// A request body that must be one JSON object with only the members a route knows, each at
/// most once: the one strict reader every JSON-object endpoint uses.
///
/// Refused with the endpoint's 400 problem: a body that is not JSON (with the line and column),
/// not an object, a member the route does not know (so a typo such as `"alais"` never goes
/// unnoticed), or a member given twice. Names and values echoed in a message are cut to 64
/// characters, so an answer never repeats a hostile body at length.
///
/// ```swift
/// let body = try JSONObjectBody(request.body, members: ["link", "alias"], example: #"{"link": "…"}"#,
///                               problem: ShortLinkProblems.badBody)
/// let alias = try body.optionalString("alias", "a string of A-Z a-z 0-9 - _, or null for a random code")
/// ```
package struct JSONObjectBody {
    /// The members, in the order sent.
    package let members: [(key: String, value: JSONValue)]
    /// Makes the endpoint's 400 problem from one sentence.
    package let problem: (String) -> HTTPProblem

    /// - Parameters:
    ///   - members: the names the route knows.
    ///   - example: a small valid body, quoted in the messages for a body that is not an object.
    /// - Throws: `problem` of a sentence that says what to fix.
    package init(_ body: [UInt8], members known: [String], example: String,
                 problem: @escaping (String) -> HTTPProblem) throws(HTTPProblem) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw problem("The body is not JSON (\(error)); send a JSON object such as \(example).")
        }
        try self.init(document: document, members: known, example: example, problem: problem)
    }

    /// The same checks of a document already made (a console form's fields as typed values), so
    /// a front end that does not speak JSON reads its input with the API's own rules and sentences.
    package init(document: JSONValue, members known: [String], example: String,
                 problem: @escaping (String) -> HTTPProblem) throws(HTTPProblem) {
        self.problem = problem
        guard let members = document.objectMembers else {
            throw problem("The body must be a JSON object such as \(example).")
        }
        var seen = Set<String>()
        for member in members {
            guard known.contains(member.key) else {
                throw problem("The body has the member \"\(Self.echo(member.key))\", which is not one of \(known.joined(separator: ", ")).")
            }
            guard seen.insert(member.key).inserted else {
                throw problem("The body has the member \"\(member.key)\" more than once; give it once.")
            }
        }
        self.members = members
    }

    /// The member's value, nil when it is absent.
    package subscript(name: String) -> JSONValue? {
        members.first { $0.key == name }?.value
    }

    /// The members as one JSON object, in the order sent.
    package var document: JSONValue { .object(members) }

    /// Whether the member was sent at all (null included).
    package func has(_ name: String) -> Bool { self[name] != nil }

    /// A member that must be a non-empty string of at most `maximumBytes`.
    /// - Parameter expected: what it must be, for the message ("the https URL events are sent to").
    package func requiredString(_ name: String, _ expected: String, maximumBytes: Int? = nil) throws(HTTPProblem) -> String {
        guard let value = self[name] else { throw problem("The body needs \"\(name)\", \(expected).") }
        guard let text = value.stringValue, !text.isEmpty else {
            throw problem("\"\(name)\" must be a non-empty string: \(expected).")
        }
        if let maximumBytes, text.utf8.count > maximumBytes {
            throw problem("\"\(name)\" is \(text.utf8.count) bytes long; give at most \(maximumBytes).")
        }
        return text
    }

    /// A member that may be absent or null (nil), else a string of at most `maximumBytes`.
    package func optionalString(_ name: String, _ expected: String, maximumBytes: Int? = nil) throws(HTTPProblem) -> String? {
        switch self[name] {
        case nil, .null?:
            return nil
        case .string(let text)?:
            if let maximumBytes, text.utf8.count > maximumBytes {
                throw problem("\"\(name)\" is \(text.utf8.count) bytes long; give at most \(maximumBytes).")
            }
            return text
        case _?:
            throw problem("\"\(name)\" must be \(expected).")
        }
    }

    /// `text` as a message may quote it: at most 64 characters, cut with "…".
    package static func echo(_ text: String) -> String {
        text.count > 64 ? String(text.prefix(64)) + "…" : text
    }
}
