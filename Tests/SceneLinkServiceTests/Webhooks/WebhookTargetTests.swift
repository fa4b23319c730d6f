import Testing
@testable import SceneLinkOperations
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

    @Test func aHostOtherSystemsReadAsAnotherAddressIsRefusedWithTheReason() throws {
        for host in ["0x7f.1", "0177.0.0.1", "127.1", "2130706433", "0xcb.0.113.7", "203.0.113.07", "1.2.3.4.5", "hooks.example%2ecom"] {
            #expect(throws: WebhookTarget.Refusal.self, "\(host)") {
                try WebhookTarget.validate("https://\(host)/hook", allowPrivate: true)
            }
        }
        for host in ["203.0.113.7", "hooks.example.com", "0x7f.example.com", "hooks.example.com.", "v1.hooks.example"] {
            #expect(throws: Never.self, "\(host)") { _ = try WebhookTarget.validate("https://\(host)/hook", allowPrivate: true) }
        }
        // A backslash or credentials never make a URL at all.
        #expect(throws: WebhookTarget.Refusal.self) { try WebhookTarget.validate(#"https://evil.example\@hooks.example.com/"#, allowPrivate: true) }
    }
}
