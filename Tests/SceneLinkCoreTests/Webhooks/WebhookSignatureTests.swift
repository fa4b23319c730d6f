import SceneLinkCore
import Testing

@Suite struct WebhookSignatureTests {
    // The Standard Webhooks specification's published test vector (also in its reference libraries).
    static let vectorSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let vectorID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let vectorTimestamp: Int64 = 1614265330
    static let vectorBody = Array(#"{"test": 2432232314}"#.utf8)

    @Test func reproducesTheStandardWebhooksTestVector() throws {
        let secret = try WebhookSecret(text: Self.vectorSecret)
        #expect(WebhookSignature.signature(id: Self.vectorID, timestamp: Self.vectorTimestamp, body: Self.vectorBody,
                                           secret: secret) == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func signsWithEverySecretSeparatedBySpacesDuringRotation() throws {
        let old = try WebhookSecret(text: Self.vectorSecret)
        let new = try WebhookSecret(bytes: [UInt8](repeating: 7, count: 32))
        let header = WebhookSignature.header(id: Self.vectorID, timestamp: Self.vectorTimestamp, body: Self.vectorBody,
                                             secrets: [new, old])
        let parts = header.split(separator: " ").map(String.init)
        #expect(parts.count == 2)
        #expect(parts[1] == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        #expect(parts[0] == WebhookSignature.signature(id: Self.vectorID, timestamp: Self.vectorTimestamp,
                                                       body: Self.vectorBody, secret: new))
        #expect(parts[0] != parts[1])
    }

    @Test func aChangedBodyIdOrTimestampChangesTheSignature() throws {
        let secret = try WebhookSecret(text: Self.vectorSecret)
        let original = WebhookSignature.signature(id: Self.vectorID, timestamp: Self.vectorTimestamp,
                                                  body: Self.vectorBody, secret: secret)
        #expect(WebhookSignature.signature(id: Self.vectorID, timestamp: Self.vectorTimestamp + 1,
                                           body: Self.vectorBody, secret: secret) != original)
        #expect(WebhookSignature.signature(id: "msg_other", timestamp: Self.vectorTimestamp,
                                           body: Self.vectorBody, secret: secret) != original)
        #expect(WebhookSignature.signature(id: Self.vectorID, timestamp: Self.vectorTimestamp,
                                           body: Self.vectorBody + [0x20], secret: secret) != original)
    }
}
