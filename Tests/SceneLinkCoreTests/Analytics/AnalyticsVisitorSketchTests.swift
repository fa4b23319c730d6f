import SceneLinkCore
import Testing

/// Visitor hashes as `AnalyticsSalt` gives them: uniform 64-bit values (SplitMix64 from a fixed
/// seed, so every run sees the same ones).
struct VisitorHashes: Sequence, IteratorProtocol {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64? {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct AnalyticsVisitorSketchTests {
    @Test func countsExactlyWhileFewAndIgnoresAVisitorSeenBefore() {
        var sketch = AnalyticsVisitorSketch()
        let hashes = Array(VisitorHashes(seed: 1).prefix(AnalyticsVisitorSketch.sparseLimit))
        for hash in hashes { sketch.insert(hash) }
        for hash in hashes.prefix(100) { sketch.insert(hash) }
        #expect(!sketch.isDense)
        #expect(sketch.estimate == Int64(AnalyticsVisitorSketch.sparseLimit))
        #expect(sketch.bytes <= AnalyticsVisitorSketch.registerCount)
    }

    @Test func turnsIntoRegistersPastTheLimitAndStaysWithinTheirSize() {
        var sketch = AnalyticsVisitorSketch()
        for hash in VisitorHashes(seed: 2).prefix(AnalyticsVisitorSketch.sparseLimit + 1) { sketch.insert(hash) }
        #expect(sketch.isDense)
        #expect(sketch.bytes == AnalyticsVisitorSketch.registerCount)
        // Linear counting over 16,384 registers is within a few visitors at this size.
        #expect(abs(sketch.estimate - Int64(AnalyticsVisitorSketch.sparseLimit + 1)) <= 10)
    }

    @Test(arguments: [20_000, 100_000, 1_000_000])
    func estimatesManyVisitorsWithinFourStandardErrors(visitors: Int) {
        var sketch = AnalyticsVisitorSketch()
        for hash in VisitorHashes(seed: UInt64(visitors)).prefix(visitors) { sketch.insert(hash) }
        let error = abs(Double(sketch.estimate) - Double(visitors)) / Double(visitors)
        #expect(error < 4 * 0.0081, "estimate \(sketch.estimate) of \(visitors)")
        #expect(sketch.bytes == AnalyticsVisitorSketch.registerCount)
    }
}

@Suite struct AnalyticsVisitorSketchesTests {
    @Test func aDayCountGainsWhatItsEstimateGainsAndNeverLoses() {
        var sketches = AnalyticsVisitorSketches()
        var counted: Int64 = 0
        let hashes = Array(VisitorHashes(seed: 3).prefix(50_000))
        for hash in hashes { counted += sketches.insert(hash, scope: "all", day: 1) }
        for hash in hashes.prefix(1_000) { counted += sketches.insert(hash, scope: "all", day: 1) }
        var alone = AnalyticsVisitorSketch()
        for hash in hashes { alone.insert(hash) }
        #expect(counted >= alone.estimate)
        #expect(abs(Double(counted) - 50_000) / 50_000 < 4 * 0.0081)
    }

    @Test func staysWithinItsBudgetAndSaysHowManyVisitorsItCouldNotCount() {
        // Room for the overheads of a few scopes and two sketches' worth of hashes.
        let budget = 2 * AnalyticsVisitorSketch.registerCount + 4 * 128
        var sketches = AnalyticsVisitorSketches(budget: budget)
        var hashes = VisitorHashes(seed: 4)
        for _ in 0..<3_000 { _ = sketches.insert(hashes.next() ?? 0, scope: "all", day: 1) }
        for scope in 0..<200 {
            for _ in 0..<20 { _ = sketches.insert(hashes.next() ?? 0, scope: "link:\(scope)", day: 1) }
            #expect(sketches.bytes <= budget)
        }
        #expect(sketches.untracked > 0)
        // The dense `all` sketch needs nothing more: it still counts.
        let before = sketches.untracked
        #expect(sketches.insert(hashes.next() ?? 0, scope: "all", day: 1) >= 0)
        #expect(sketches.untracked == before)
    }

    @Test func forgettingADayGivesItsMemoryBack() {
        var sketches = AnalyticsVisitorSketches()
        for hash in VisitorHashes(seed: 5).prefix(5_000) {
            _ = sketches.insert(hash, scope: "all", day: 1)
            _ = sketches.insert(hash, scope: "all", day: 2)
        }
        let both = sketches.bytes
        sketches.forget(before: 2)
        #expect(sketches.bytes == both / 2)
        #expect(sketches.count == 1)
    }
}
