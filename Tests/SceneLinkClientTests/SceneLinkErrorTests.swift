import Foundation
import Testing
@testable import SceneLinkClient

/// How answers become errors, with a scripted transport.
@Suite struct SceneLinkErrorTests {
    static let session = SceneLinkSession(id: "abc", token: "secret", expiresAt: Date(timeIntervalSince1970: 0))
    static let base = URL(fileURLWithPath: "/").deletingLastPathComponent()

    static func client(_ transport: FakeTransport) -> SceneLinkClient {
        SceneLinkClient(baseURL: URL(string: "http://scenelink.test") ?? base, session: session, transport: transport,
                        retryPolicy: .none)
    }

    @Test func aProblemAnswerIsDecodedWithItsFourMembersAndItsExtensions() async throws {
        let transport = FakeTransport(answers: [.success(FakeTransport.problem(
            404, "no-route", title: "No route matches the link", detail: "No route matches /x.",
            extra: #","path":"/x","closest":["/settings"]"#))])
        let error = await #expect(throws: SceneLinkError.self) {
            try await Self.client(transport).resolve(URL(string: "fuelmoney://x") ?? Self.base)
        }
        #expect(error == .problem(SceneLinkProblem(
            type: "https://scenelink.dev/problems/no-route", title: "No route matches the link", status: 404,
            detail: "No route matches /x.", extensions: ["path": .string("/x"), "closest": .array([.string("/settings")])])))
        #expect(error?.description == "The SceneLink server answered 404 (no-route): No route matches /x.")
    }

    @Test func aProblemWithoutOptionalMembersTakesRFC9457Defaults() {
        let problem = SceneLinkProblem.decode(Data("{}".utf8), status: 500)
        #expect(problem == SceneLinkProblem(type: "about:blank", title: "", status: 500, detail: ""))
        #expect(problem?.slug == "about:blank")
        #expect(SceneLinkProblem.decode(Data("[1]".utf8), status: 500) == nil)
    }

    @Test(arguments: [
        FakeTransport.problem(404, "session-not-found", title: "No such session"),
        FakeTransport.problem(401, "session-ended", title: "Session expired or ended"),
    ])
    func aSessionTheServerNoLongerKnowsIsOneDistinctError(answer: TransportResponse) async throws {
        let transport = FakeTransport(answers: [.success(answer)])
        let error = await #expect(throws: SceneLinkError.self) {
            try await Self.client(transport).save(Data(), scene: "main", key: "path")
        }
        guard case .sessionExpired(let problem)? = error else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(problem.status == answer.status)
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer secret")
    }

    @Test(arguments: [
        FakeTransport.problem(401, "unknown-token", title: "Unknown session token"),
        FakeTransport.problem(401, "unauthorized", title: "Session token required"),
    ])
    func aTokenTheServerDoesNotKnowIsNotAnExpiredSession(answer: TransportResponse) async throws {
        let transport = FakeTransport(answers: [.success(answer)])
        let error = await #expect(throws: SceneLinkError.self) {
            try await Self.client(transport).restore(scene: "main", key: "path")
        }
        guard case .unknownToken(let problem)? = error else {
            Issue.record("expected unknownToken, got \(String(describing: error))")
            return
        }
        #expect(error?.problem == problem)
        #expect(error?.description == "The SceneLink server does not know this session's token (401 \(problem.slug)): the stored "
            + "credentials are damaged; keep them, report this and fix how the app stores them instead of opening a new session, "
            + "which would leave the saved state behind.")
    }

    @Test func aMissingValueIsNilButAMissingSessionIsNot() async throws {
        let missing = FakeTransport(answers: [.success(FakeTransport.problem(404, "value-not-found"))])
        #expect(try await Self.client(missing).restore(scene: "main", key: "path") == nil)
        let gone = FakeTransport(answers: [.success(FakeTransport.problem(404, "session-not-found"))])
        await #expect(throws: SceneLinkError.self) { try await Self.client(gone).restore(scene: "main", key: "path") }
    }

    @Test func anAnswerThatIsNotAProblemDocumentIsAnUnexpectedResponse() async throws {
        let transport = FakeTransport(answers: [.success(TransportResponse(
            status: 502, headers: ["Content-Type": "text/html"], body: Data("<h1>Bad Gateway</h1>".utf8)))])
        let error = await #expect(throws: SceneLinkError.self) {
            try await Self.client(transport).links(for: Data("[]".utf8))
        }
        #expect(error == .unexpectedResponse(status: 502, reason: "it is not a problem document: <h1>Bad Gateway</h1>"))
        #expect(error?.description == "The SceneLink server's answer (502) could not be read: it is not a problem document: <h1>Bad Gateway</h1>.")
    }

    @Test func aSuccessWhoseBodyIsNotWhatTheAPIPromisesIsAnUnexpectedResponse() async throws {
        let transport = FakeTransport(answers: [.success(TransportResponse(
            status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"route":1}"#.utf8)))])
        let error = await #expect(throws: SceneLinkError.self) {
            try await Self.client(transport).resolve(URL(string: "fuelmoney://x") ?? Self.base)
        }
        guard case .unexpectedResponse(200, let reason)? = error else {
            Issue.record("expected unexpectedResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the resolve document is not what the API describes"))
    }

    @Test func aSavedValueWithoutAnETagIsRefused() async throws {
        let transport = FakeTransport(answers: [.success(TransportResponse(status: 204))])
        await #expect(throws: SceneLinkError.unexpectedResponse(status: 204, reason: "the save was answered without an ETag.")) {
            try await Self.client(transport).save(Data(), scene: "main", key: "path")
        }
    }

    @Test func everyErrorPrintsOneSentence() {
        let problem = SceneLinkProblem(type: "https://scenelink.dev/problems/x", title: "T", status: 400, detail: "")
        let errors: [SceneLinkError] = [
            .noSession, .sessionExpired(problem), .valueConflict(current: nil),
            .valueConflict(current: SavedValue(data: Data(), contentType: "a/b", etag: #""v1""#)),
            .sceneConflict(current: nil), .sceneConflict(current: SavedScene(name: "main", etag: #""s1""#, values: [:])),
            .problem(problem), .unexpectedResponse(status: 500, reason: "it has no problem document."),
            .transport(TransportError(.couldNotConnect, "refused")), .invalidRequest("bad."), .coding("bad."), .cancelled,
        ]
        for error in errors {
            let text = error.description
            #expect(text.hasSuffix("."), "\(text)")
            #expect(!text.contains("\n"), "\(text)")
        }
        #expect(SceneLinkError.problem(problem).description == "The SceneLink server answered 400 (x): T.")
    }
}
