import Foundation
import Testing
@testable import SceneLinkService

@Suite("Session quota over HTTP")
struct SessionQuotaEndpointTests {
    @Test("a save one byte past --max-session-bytes is 409 problem+json naming the total and the limit, and is counted")
    func oneByteOver() async throws {
        try await SceneLinkApplicationTests.withService({ $0.sceneState.limits.maximumSessionBytes = 20 }) { client, _ async throws in
            let created = try await client.send("POST", "/v1/sessions")
            let document = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any]
            let id = document?["id"] as? String ?? "", token = document?["token"] as? String ?? ""
            let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/octet-stream"]
            let atLimit = try await client.send("PUT", "/v1/sessions/\(id)/scenes/main/values/a", headers: headers,
                                                body: Array(repeating: 120, count: 20))
            #expect(atLimit.status == 201)
            let over = try await client.send("PUT", "/v1/sessions/\(id)/scenes/main/values/b", headers: headers, body: [120])
            #expect(over.status == 409)
            #expect(over.headers["content-type"] == "application/problem+json")
            #expect(over.text == #"{"type":"https://scenelink.dev/problems/session-too-large","title":"Session quota reached","status":409,"detail":"This write would bring the session to 21 bytes of values, past its limit of 20 bytes; delete values or scenes it no longer needs."}"#)
            let kept = try await client.send("GET", "/v1/sessions/\(id)/scenes/main/values/a", headers: headers)
            #expect(kept.body.count == 20)
            let metrics = try await client.send("GET", "/metrics").text
            #expect(metrics.contains("scenelink_quota_refusals_total 1"))
        }
    }
}
