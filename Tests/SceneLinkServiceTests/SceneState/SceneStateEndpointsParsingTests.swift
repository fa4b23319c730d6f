import SceneLinkCore
import Testing
@testable import SceneLinkService

/// The `Authorization` and `Content-Type` parsers: what they accept, what they refuse and why.
@Suite struct SceneStateEndpointsParsingTests {
    static func detail(_ body: () throws(SceneStateEndpoints.Rejection) -> Void) -> String? {
        do { try body() } catch { return error.problem.detail }
        return nil
    }

    @Test func bearerFieldsAreAcceptedInAnyCaseWithSpacesAround() throws {
        let token = SessionToken.random().text
        let accepted = ["Bearer \(token)": token, "bearer \(token)": token, "BEARER   \(token)  ": token,
                        "  Bearer \(token)": token, "Bearer abc==": "abc==", "Bearer a.b-c_d~e+f/g=": "a.b-c_d~e+f/g=",
                        "Bearer \ttok\t": "tok", "Bearer " + String(repeating: "a", count: 512): String(repeating: "a", count: 512)]
        for (field, expected) in accepted {
            #expect(try SceneStateEndpoints.bearerToken(field: field) == SessionToken(text: expected), "\(field)")
        }
    }

    @Test func unicodeSpacesAroundTheTokenAreDroppedToo() throws {
        #expect(try SceneStateEndpoints.bearerToken(field: "Bearer tok\u{00A0}") == SessionToken(text: "tok"))
        #expect(try SceneStateEndpoints.bearerToken(field: "Bearer \u{2003}tok") == SessionToken(text: "tok"))
    }

    @Test func otherAuthorizationFieldsAreRefusedWithTheReason() {
        let token = SessionToken.random().text
        let notBearer = "The Authorization header must read 'Bearer TOKEN'."
        let malformed = "The bearer token is malformed; send it exactly as POST /v1/sessions returned it."
        let refused = ["Bearer": notBearer, "Bearer ": notBearer, "Basic \(token)": notBearer, "Bearerx \(token)": notBearer,
                       "Bearer\t\(token)": notBearer, "Bear€r tok": notBearer, "\u{00A0}Bearer tok": notBearer,
                       "Bearer    ": malformed, "Bearer a=b": malformed, "Bearer to ken": malformed,
                       "Bearer " + String(repeating: "a", count: 513): malformed, "Bearer t\u{00E9}k": malformed,
                       "Bearer \u{00A0}": malformed]
        for (field, reason) in refused {
            #expect(Self.detail { () throws(SceneStateEndpoints.Rejection) in
                _ = try SceneStateEndpoints.bearerToken(field: field)
            } == reason, "\(field)")
        }
    }

    @Test func mediaTypesAreTrimmedAndChecked() throws {
        for (raw, expected) in ["application/json": "application/json", " text/plain; charset=utf-8\t": "text/plain; charset=utf-8",
                                "a/b": "a/b", "\u{00A0}application/json\u{2003}": "application/json"] {
            #expect(try SceneStateEndpoints.mediaType(raw) == expected, "\(raw)")
        }
        for raw in ["", "   ", "json", "text/\u{7F}", "t\u{00E9}xt/plain", String(repeating: "a", count: 254) + "/b", "text/\tplain"] {
            #expect(Self.detail { () throws(SceneStateEndpoints.Rejection) in _ = try SceneStateEndpoints.mediaType(raw) }
                        == "The Content-Type '\(raw)' is not a media type such as application/json (at most 255 ASCII characters).",
                    "\(raw)")
        }
    }
}
