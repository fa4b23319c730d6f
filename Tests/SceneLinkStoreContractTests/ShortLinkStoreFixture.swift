import SceneLinkCore
@testable import SceneLinkSQLite

/// A short-link store under test: the store of `StoreFixture` for the same kind (a real store
/// keeps short links beside scene state), or `InMemoryShortLinkStore` for the fake.
struct ShortLinkStoreFixture {
    let store: any ShortLinkStore
    private let base: StoreFixture

    init(_ kind: StoreKind) throws {
        base = try StoreFixture(kind)
        store = kind == .inMemoryFake ? InMemoryShortLinkStore() : try base.store(as: (any ShortLinkStore).self, kind: kind)
    }

    func tearDown() { base.tearDown() }
}
