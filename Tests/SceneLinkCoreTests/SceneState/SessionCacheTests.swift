import Foundation
import SceneLinkCore
import Testing

@Suite struct SessionCacheTests {
    @Test func aRowReadBeforeAnInvalidationIsNotCached() {
        var cache = SessionCache(capacity: 10)
        let (session, _) = makeSession()
        let readStarted = cache.generation
        cache.invalidate(session.id) // a writer changed the session while the reader was reading
        cache.insert(session, readGeneration: readStarted)
        #expect(cache.session(id: session.id) == nil)
        cache.insert(session, readGeneration: cache.generation)
        #expect(cache.session(id: session.id) == session)
    }

    @Test func invalidationRemovesOneOrAll() {
        var cache = SessionCache(capacity: 10)
        let a = makeSession().0, b = makeSession().0
        cache.insert(a, readGeneration: cache.generation)
        cache.insert(b, readGeneration: cache.generation)
        cache.invalidate(a.id)
        #expect(cache.session(id: a.id) == nil)
        #expect(cache.session(id: b.id) == b)
        cache.invalidateAll()
        #expect(cache.session(id: b.id) == nil)
    }

    @Test func aFullCacheStartsOverInsteadOfGrowing() {
        var cache = SessionCache(capacity: 2)
        let sessions = (0..<3).map { _ in makeSession().0 }
        for session in sessions { cache.insert(session, readGeneration: cache.generation) }
        #expect(cache.session(id: sessions[2].id) == sessions[2])
        #expect(cache.session(id: sessions[0].id) == nil)
    }
}

private func makeSession() -> (SessionRecord, SessionToken) {
    let token = SessionToken.random()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    return (SessionRecord(id: .random(), tokenHash: token.hash, createdAt: now, expiresAt: now.addingTimeInterval(3600)), token)
}
