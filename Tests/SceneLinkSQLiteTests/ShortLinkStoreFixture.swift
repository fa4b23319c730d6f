import SceneLinkCore
@testable import SceneLinkSQLite

/// A short-link store under test (the same kinds as `StoreFixture`) and what to clean up.
struct ShortLinkStoreFixture {
    let store: any ShortLinkStore
    private let close: () -> Void

    init(_ kind: StoreKind) throws {
        switch kind {
        case .sqliteFile:
            let path = StoreFixture.temporaryPath()
            let sqlite = try SQLiteSceneStateStore(path: path, configuration: .init(sweepInterval: nil))
            store = sqlite
            close = {
                try? sqlite.close()
                StoreFixture.remove(path)
            }
        case .sqliteMemory:
            let sqlite = try SQLiteSceneStateStore(path: ":memory:", configuration: .init(sweepInterval: nil))
            store = sqlite
            close = { try? sqlite.close() }
        case .inMemoryFake:
            store = InMemoryShortLinkStore()
            close = {}
        }
    }

    func tearDown() { close() }
}
