/// Everything an operator can do, through the JSON API or the console: one case per operation,
/// and the one table of what each needs (`permission`).
///
/// The API's routes declare the operation they perform (`RoutePolicy.admin(_:)`), and so do the
/// console's pages and forms, so a permission means the same through every door: a console
/// session may see and do exactly what the key it signed in with may do on the API (the admin
/// token: everything). The `console` scope itself lets a key sign in and grants no operation.
///
/// ```swift
/// AdminOperation.createShortLink.permission          // .scope(.linksWrite)
/// OperatorIdentity.key(id: id, name: "ci", scopes: [.linksRead]).may(.createShortLink)   // false
/// ```
public enum AdminOperation: String, Sendable, CaseIterable {
    case listShortLinks = "short_links.list"
    case getShortLink = "short_links.get"
    case createShortLink = "short_links.create"
    case updateShortLink = "short_links.update"
    case deleteShortLink = "short_links.delete"
    case importShortLinks = "short_links.import"
    case listWebhooks = "webhooks.list"
    case getWebhook = "webhooks.get"
    case createWebhook = "webhooks.create"
    case updateWebhook = "webhooks.update"
    case rotateWebhookSecret = "webhooks.rotate_secret"
    case testWebhook = "webhooks.test"
    case replayWebhookDelivery = "webhooks.replay"
    case deleteWebhook = "webhooks.delete"
    case listWebhookDeliveries = "webhooks.deliveries"
    case listKeys = "api_keys.list"
    case createKey = "api_keys.create"
    case revokeKey = "api_keys.revoke"
    case analyticsTimeseries = "analytics.timeseries"
    case analyticsBreakdown = "analytics.breakdown"
    case analyticsUniques = "analytics.uniques"
    case analyticsExport = "analytics.export"
    case analyticsPurge = "analytics.purge"
    case analyticsPrivacy = "analytics.privacy"
    case readAudit = "audit.read"
    case listClaims = "claims.list"
    case listRoutes = "routes.list"
    case tryLink = "routes.try"

    /// The permission table: what a caller must hold to perform this operation.
    public var permission: OperationPermission {
        switch self {
        case .listShortLinks, .getShortLink: .scope(.linksRead)
        case .createShortLink, .updateShortLink, .deleteShortLink, .importShortLinks: .scope(.linksWrite)
        // Purging deletes one link's data: a change to the links, not a report.
        case .analyticsPurge: .scope(.linksWrite)
        case .listWebhooks, .getWebhook, .createWebhook, .updateWebhook, .rotateWebhookSecret, .testWebhook,
             .replayWebhookDelivery, .deleteWebhook, .listWebhookDeliveries: .scope(.webhooksAdmin)
        case .listKeys, .createKey, .revokeKey: .adminToken
        // Claims made and redeemed per day are counts, as the analytics reports are.
        case .analyticsTimeseries, .analyticsBreakdown, .analyticsUniques, .analyticsExport, .analyticsPrivacy,
             .listClaims: .scope(.analyticsRead)
        case .readAudit: .scope(.auditRead)
        case .listRoutes, .tryLink: .anyOperator
        }
    }

    /// Whether the operation changes something (and so writes an audit entry when it succeeds).
    public var changes: Bool {
        switch self {
        case .createShortLink, .updateShortLink, .deleteShortLink, .importShortLinks, .createWebhook, .updateWebhook,
             .rotateWebhookSecret, .testWebhook, .replayWebhookDelivery, .deleteWebhook, .createKey, .revokeKey, .analyticsPurge:
            true
        case .listShortLinks, .getShortLink, .listWebhooks, .getWebhook, .listWebhookDeliveries, .listKeys, .analyticsTimeseries,
             .analyticsBreakdown, .analyticsUniques, .analyticsExport, .analyticsPrivacy, .readAudit, .listClaims, .listRoutes, .tryLink:
            false
        }
    }
}
