import Testing
@testable import SceneLinkOperations

@Suite struct TokenBucketTableTests {
    private let minute = RateLimitPolicy(count: 3, periodSeconds: 60)
    private let alice = RateLimitKey(high: 0, low: 1)
    private let bob = RateLimitKey(high: 0, low: 2)

    @Test func aNewClientHasAWholeBurstThenWaitsForTheNextToken() {
        var table = TokenBucketTable(policy: minute, capacity: 10)
        #expect(table.take(alice, now: 0) == .allowed(remaining: 2))
        #expect(table.take(alice, now: 0) == .allowed(remaining: 1))
        #expect(table.take(alice, now: 0) == .allowed(remaining: 0))
        // One token comes back every 20 s (3 a minute).
        #expect(table.take(alice, now: 0) == .limited(retryAfterSeconds: 20))
        #expect(table.take(alice, now: 5_000_000) == .limited(retryAfterSeconds: 15))
        #expect(table.take(alice, now: 19_500_000) == .limited(retryAfterSeconds: 1))
        #expect(table.take(alice, now: 20_000_000) == .allowed(remaining: 0))
    }

    @Test func refillNeverExceedsTheBurst() {
        var table = TokenBucketTable(policy: minute, capacity: 10)
        _ = table.take(alice, now: 0)
        #expect(table.take(alice, now: 3_600_000_000) == .allowed(remaining: 2))
        #expect(table.take(alice, now: 3_600_000_000) == .allowed(remaining: 1))
    }

    @Test func clientsHaveSeparateBuckets() {
        var table = TokenBucketTable(policy: RateLimitPolicy(count: 1, periodSeconds: 1), capacity: 10)
        #expect(table.take(alice, now: 0) == .allowed(remaining: 0))
        #expect(table.take(alice, now: 0) == .limited(retryAfterSeconds: 1))
        #expect(table.take(bob, now: 0) == .allowed(remaining: 0))
    }

    @Test func aFullTableForgetsTheClientSeenLeastRecently() {
        var table = TokenBucketTable(policy: RateLimitPolicy(count: 1, periodSeconds: 3_600), capacity: 2)
        let carol = RateLimitKey(high: 0, low: 3)
        _ = table.take(alice, now: 0)
        _ = table.take(bob, now: 1)
        _ = table.take(alice, now: 2)  // alice is now the most recently seen
        #expect(table.take(carol, now: 3) == .allowed(remaining: 0))  // evicts bob
        #expect(table.count == 2)
        #expect(table.take(alice, now: 4) == .limited(retryAfterSeconds: 3_600))
        #expect(table.take(bob, now: 5) == .allowed(remaining: 0))  // forgotten, so full again (evicts carol)
        #expect(table.take(alice, now: 6) == .limited(retryAfterSeconds: 3_600))
        #expect(table.count == 2)
    }

    @Test func aFloodOfDistinctClientsStaysWithinTheBound() {
        var table = TokenBucketTable(policy: minute, capacity: 1_000)
        for index in 0 ..< 50_000 { _ = table.take(RateLimitKey(high: 0, low: UInt64(index)), now: Int64(index)) }
        #expect(table.count == 1_000)
        // The most recent thousand are the ones remembered.
        #expect(table.take(RateLimitKey(high: 0, low: 49_999), now: 50_000) == .allowed(remaining: 1))
    }
}

@Suite struct TokenBucketTableIndexTests {
    @Test func keysThatCollideStayFindableThroughEvictions() {
        // A constant seed and a tiny table: many keys share slots, and evictions shift them.
        var table = TokenBucketTable(policy: RateLimitPolicy(count: 2, periodSeconds: 3_600), capacity: 7, seed: 1)
        for round in 0 ..< 20 {
            for client in 0 ..< 7 {
                let key = RateLimitKey(high: UInt64(round * 7 + client) &* 0x1_0000_0001, low: UInt64(client))
                #expect(table.take(key, now: 0) == .allowed(remaining: 1))
                #expect(table.take(key, now: 0) == .allowed(remaining: 0))
                #expect(table.take(key, now: 0) == .limited(retryAfterSeconds: 1_800))
            }
            #expect(table.count == 7)
        }
    }

    @Test func statesTheMemoryOfItsBound() {
        #expect(TokenBucketTable.bytes(capacity: 100_000) == 40 * 100_000 + 4 * 262_144)
    }
}
