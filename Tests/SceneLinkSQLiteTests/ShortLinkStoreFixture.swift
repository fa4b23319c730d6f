import SceneLinkCore
@testable import SceneLinkSQLite

/// A short-link store under test: the store of `StoreFixture` for the same kind (a real store
/// keeps short links beside scene state), or `InMemoryShortLinkStore` for the fake.
struct ShortLinkStoreFixture {
    struct NotAShortLinkStore: Error, CustomStringConvertible {
        let kind: StoreKind
        var description: String { "The \(kind.rawValue) store does not implement ShortLinkStore." }
    }

    let store: any ShortLinkStore
    private let base: StoreFixture

    init(_ kind: StoreKind) throws {
        base = try StoreFixture(kind)
        if kind == .inMemoryFake {
            store = InMemoryShortLinkStore()
        } else if let store = base.store as? any ShortLinkStore {
            self.store = store
        } else {
            base.tearDown()
            throw NotAShortLinkStore(kind: kind)
        }
    }

    func tearDown() { base.tearDown() }
}
