import SceneLinkCore
@testable import SceneLinkSQLite

/// The stores whose changes queue webhook events, under test together: the store of
/// `StoreFixture` for the same kind (a real store keeps short links, claims and the webhook
/// outbox beside scene state), or for the fake an `InMemoryShortLinkStore` and an
/// `InMemoryClaimStore` queuing into one `InMemoryWebhookStore`.
struct EventStoreFixture {
    let links: any ShortLinkStore
    let claims: any ClaimStore
    /// Where the stores queue their events.
    let webhooks: any WebhookStore
    private let base: StoreFixture

    init(_ kind: StoreKind) throws {
        base = try StoreFixture(kind)
        if kind == .inMemoryFake {
            let webhooks = InMemoryWebhookStore()
            self.webhooks = webhooks
            links = InMemoryShortLinkStore(webhooks: webhooks)
            claims = InMemoryClaimStore(webhooks: webhooks)
        } else {
            let store = try base.store(as: (any ShortLinkStore & ClaimStore & WebhookStore).self, kind: kind)
            links = store
            claims = store
            webhooks = store
        }
    }

    func tearDown() { base.tearDown() }
}
