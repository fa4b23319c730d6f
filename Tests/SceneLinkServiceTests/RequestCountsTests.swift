import Testing
@testable import SceneLinkService

@Suite struct RequestCountsTests {
    private typealias Key = RequestCounts.Key

    @Test func countsEachKeyExactlyEvenWhenTheyShareASlot() {
        var counts = RequestCounts(capacity: 8)
        // Same route length, method length and status: the same slot, told apart in full.
        let a = Key(route: "/aa", method: "GET", status: 200)
        let b = Key(route: "/bb", method: "PUT", status: 200)
        let c = Key(route: "/aa", method: "GET", status: 404)
        for _ in 0 ..< 3 { counts.increment(a) }
        counts.increment(b)
        for _ in 0 ..< 2 { counts.increment(c) }
        #expect(counts[a] == 3 && counts[b] == 1 && counts[c] == 2)
        #expect(counts[Key(route: "/cc", method: "GET", status: 200)] == 0)
        #expect(counts.count == 3)
    }

    @Test func keepsEveryCountWhileItGrows() {
        var counts = RequestCounts(capacity: 8)
        var expected: [String: Int] = [:]
        for round in 0 ..< 2_000 {
            let route = "/r\(round % 300)"
            counts.increment(Key(route: route, method: round % 2 == 0 ? "GET" : "POST", status: 200 + round % 3))
            expected["\(route) \(round % 2 == 0 ? "GET" : "POST") \(200 + round % 3)", default: 0] += 1
        }
        let entries = counts.entries
        #expect(entries.count == expected.count)
        #expect(counts.count == expected.count)
        for (key, count) in entries {
            #expect(expected["\(key.route) \(key.method) \(key.status)"] == count)
        }
    }
}
