import Testing
@testable import SceneLinkService

@Suite struct WebhookTargetTests {
    @Test func aURLMustBeHTTPSUnlessPrivateTargetsAreAllowed() throws {
        #expect(throws: WebhookTarget.Refusal(description:
            "The url must be https (http is allowed only when scenelink runs with --webhook-allow-private).")) {
            try WebhookTarget.validate("http://8.8.8.8/in", allowPrivate: false)
        }
        #expect(try WebhookTarget.validate("http://127.0.0.1:9000/in", allowPrivate: true).port == 9000)
        #expect(throws: WebhookTarget.Refusal.self) { try WebhookTarget.validate("ftp://8.8.8.8/in", allowPrivate: true) }
        #expect(throws: WebhookTarget.Refusal.self) { try WebhookTarget.validate("not a url", allowPrivate: true) }
    }

    @Test func aLoopbackLiteralIsRefusedWithASentenceSayingHowToAllowIt() {
        #expect(throws: WebhookTarget.Refusal(description:
            "The host [::1] is or resolves to a loopback, private, link-local or multicast address; webhooks go to "
            + "public addresses only (run scenelink with --webhook-allow-private to allow private ones).")) {
            try WebhookTarget.validate("https://[::1]/in", allowPrivate: false)
        }
    }

    @Test func aNameResolvingToLoopbackIsRefusedAtResolution() {
        #expect(throws: WebhookTarget.Refusal.self) { try WebhookTarget.checkResolved(host: "localhost") }
    }

    @Test func registrationRefusesANameWithOnePrivateAddressAmongItsAnswersOrNoneAtAll() throws {
        let resolver = FakeHostResolver(["mixed.example": ["93.184.216.34", "fd00::7"], "hooks.example": ["93.184.216.34"]])
        #expect(throws: WebhookTarget.Refusal(description:
            "The host mixed.example is or resolves to a loopback, private, link-local or multicast address; webhooks go to "
            + "public addresses only (run scenelink with --webhook-allow-private to allow private ones).")) {
            try WebhookTarget.checkResolved(host: "mixed.example", resolver: resolver)
        }
        #expect(throws: WebhookTarget.Refusal(description: "The host nowhere.example does not resolve.")) {
            try WebhookTarget.checkResolved(host: "nowhere.example", resolver: resolver)
        }
        try WebhookTarget.checkResolved(host: "hooks.example", resolver: resolver)
    }
}
