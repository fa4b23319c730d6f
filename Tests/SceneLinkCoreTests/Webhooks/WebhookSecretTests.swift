import SceneLinkCore
import Testing

@Suite struct WebhookSecretTests {
    @Test func aRandomSecretHas32BytesAndReadsBackFromItsText() throws {
        let secret = WebhookSecret.random()
        #expect(secret.bytes.count == 32)
        #expect(secret.text.hasPrefix("whsec_"))
        #expect(try WebhookSecret(text: secret.text) == secret)
        #expect(WebhookSecret.random() != secret)
    }

    @Test func refusesTextWithoutThePrefix() {
        #expect(throws: WebhookSecretError.missingPrefix) { try WebhookSecret(text: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") }
        #expect(WebhookSecretError.missingPrefix.description
                == "The webhook secret does not start with 'whsec_'; give it as SceneLink showed it.")
    }

    @Test func refusesTextThatIsNotBase64() {
        #expect(throws: WebhookSecretError.notBase64) { try WebhookSecret(text: "whsec_not base64!") }
    }

    @Test(arguments: [23, 65])
    func refusesKeysOutside24To64Bytes(count: Int) {
        #expect(throws: WebhookSecretError.wrongLength(count)) {
            try WebhookSecret(bytes: [UInt8](repeating: 1, count: count))
        }
        #expect(WebhookSecretError.wrongLength(count).description
                == "The webhook secret has \(count) key bytes; Standard Webhooks secrets have 24 to 64.")
    }

    @Test(arguments: [24, 64])
    func acceptsKeysOf24To64Bytes(count: Int) throws {
        #expect(try WebhookSecret(bytes: [UInt8](repeating: 1, count: count)).bytes.count == count)
    }
}
