import Foundation
import SceneLinkCore
import Testing

/// A webhook URL in the audit log carries its token in the path or query (Slack's, Discord's):
/// a reader who may not list webhooks sees its origin only.
@Suite struct AuditEntryRedactionTests {
    static let entry = AuditEntry(at: Date(timeIntervalSince1970: 0), actor: .adminToken, action: "webhook.created",
                                  subject: "webhook:ep_1", detail: ["url": "https://hooks.slack.com/services/T000/B000/XXXX?token=s3cret",
                                                                    "events": "short_link.created"])

    @Test func aReaderWithoutWebhooksAdminSeesTheOriginOnly() {
        let seen = Self.entry.redacted(for: .key(id: "0123456789abcdef", name: "auditor", scopes: [.auditRead]))
        #expect(seen.detail["url"] == "https://hooks.slack.com/…")
        #expect(seen.detail["events"] == "short_link.created")
        #expect(!seen.detailJSON.contains("s3cret") && !seen.detailJSON.contains("XXXX"))
    }

    @Test func aReaderWhoMayListWebhooksAndTheAdminTokenSeeItWhole() {
        #expect(Self.entry.redacted(for: .key(id: "0123456789abcdef", name: "ops", scopes: [.auditRead, .webhooksAdmin])) == Self.entry)
        #expect(Self.entry.redacted(for: .adminToken) == Self.entry)
    }

    @Test func credentialsPortsAndOtherEntriesAreHandled() {
        var entry = Self.entry
        entry.detail["url"] = "https://user:pass@hooks.example.com:8443/x"
        #expect(entry.redacted(for: .key(id: "0123456789abcdef", name: "a")).detail["url"] == "https://hooks.example.com:8443/…")
        entry.detail["url"] = "https://hooks.example.com"
        #expect(entry.redacted(for: .key(id: "0123456789abcdef", name: "a")).detail["url"] == "https://hooks.example.com")
        entry.detail["url"] = "not a url"
        #expect(entry.redacted(for: .key(id: "0123456789abcdef", name: "a")).detail["url"] == "…")
        let link = AuditEntry(at: Date(timeIntervalSince1970: 0), actor: .adminToken, action: "short_link.created", subject: "link:a",
                              detail: ["url": "https://example.com/path?q=1"])
        #expect(link.redacted(for: .key(id: "0123456789abcdef", name: "a")) == link)
    }
}
