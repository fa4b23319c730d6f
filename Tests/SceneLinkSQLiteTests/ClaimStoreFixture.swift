import SceneLinkCore
@testable import SceneLinkSQLite

/// A claim store under test: the store of `StoreFixture` for the same kind (a real store keeps
/// claims beside scene state), or `InMemoryClaimStore` for the fake.
struct ClaimStoreFixture {
    struct NotAClaimStore: Error, CustomStringConvertible {
        let kind: StoreKind
        var description: String { "The \(kind.rawValue) store does not implement ClaimStore." }
    }

    let store: any ClaimStore
    private let base: StoreFixture

    init(_ kind: StoreKind) throws {
        base = try StoreFixture(kind)
        if kind == .inMemoryFake {
            store = InMemoryClaimStore()
        } else if let store = base.store as? any ClaimStore {
            self.store = store
        } else {
            base.tearDown()
            throw NotAClaimStore(kind: kind)
        }
    }

    func tearDown() { base.tearDown() }
}
