import SceneLinkCore
@testable import SceneLinkSQLite

/// A claim store under test: the store of `StoreFixture` for the same kind (a real store keeps
/// claims beside scene state and the webhook outbox), or for the fake an `InMemoryClaimStore`
/// queuing into an `InMemoryWebhookStore`.
struct ClaimStoreFixture {
    struct NotAClaimStore: Error, CustomStringConvertible {
        let kind: StoreKind
        var description: String { "The \(kind.rawValue) store does not implement ClaimStore." }
    }

    let store: any ClaimStore
    /// Where the store queues `claim.redeemed`.
    let webhooks: any WebhookStore
    private let base: StoreFixture

    init(_ kind: StoreKind) throws {
        base = try StoreFixture(kind)
        if kind == .inMemoryFake {
            let webhooks = InMemoryWebhookStore()
            self.webhooks = webhooks
            store = InMemoryClaimStore(webhooks: webhooks)
        } else if let store = base.store as? any ClaimStore & WebhookStore {
            self.store = store
            webhooks = store
        } else {
            base.tearDown()
            throw NotAClaimStore(kind: kind)
        }
    }

    func tearDown() { base.tearDown() }
}
