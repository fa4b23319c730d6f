/// The events SceneLink sends to webhook endpoints. An endpoint subscribes to some of them.
///
/// | type | sent when | `data` |
/// |---|---|---|
/// | `short_link.created` | a short link was stored (created or imported) | `code`, `route`, `link`, `createdAt`, `expiresAt`, `title`, `tags` |
/// | `short_link.updated` | a short link's link, expiry, title or tags were changed by the admin API | the same as `short_link.created` |
/// | `short_link.deleted` | a short link was deleted by the admin API | `code` |
/// | `short_link.clicked` | a click was counted | `code`, `route`, `link`, `count`, `time` |
/// | `claim.redeemed` | a deferred link's claim was newly redeemed (not a retry) | `route`, `link`, `source`, `redeemedAt` |
/// | `webhook.test` | `POST /v1/webhooks/{id}/test` | `endpointId` |
///
/// No event carries a visitor's address or User-Agent.
public enum WebhookEventType: String, Sendable, CaseIterable, Codable {
    case shortLinkCreated = "short_link.created"
    case shortLinkUpdated = "short_link.updated"
    case shortLinkDeleted = "short_link.deleted"
    case shortLinkClicked = "short_link.clicked"
    case claimRedeemed = "claim.redeemed"
    case webhookTest = "webhook.test"
}
