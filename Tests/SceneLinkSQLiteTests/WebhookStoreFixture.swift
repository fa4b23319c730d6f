import SceneLinkCore
@testable import SceneLinkSQLite

/// A store with short links and webhooks under test: the store of `StoreFixture` for the same
/// kind, or for the fake an `InMemoryShortLinkStore` queuing into an `InMemoryWebhookStore`.
struct WebhookStoreFixture {
    struct NotAWebhookStore: Error, CustomStringConvertible {
        let kind: StoreKind
        var description: String { "The \(kind.rawValue) store does not implement WebhookStore." }
    }

    let links: any ShortLinkStore
    let webhooks: any WebhookStore
    private let base: StoreFixture

    init(_ kind: StoreKind) throws {
        base = try StoreFixture(kind)
        if kind == .inMemoryFake {
            let webhooks = InMemoryWebhookStore()
            self.webhooks = webhooks
            links = InMemoryShortLinkStore(webhooks: webhooks)
        } else if let store = base.store as? any ShortLinkStore & WebhookStore {
            links = store
            webhooks = store
        } else {
            base.tearDown()
            throw NotAWebhookStore(kind: kind)
        }
    }

    func tearDown() { base.tearDown() }
}
