/// How writes were grouped into commits: with group commit, one fsync serves a whole batch.
public struct SceneStateCommitStatistics: Hashable, Sendable {
    /// Upper bounds of the batch-size histogram buckets (Prometheus `le`); the last bucket is +Inf.
    public static let bucketUpperBounds: [Int] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]

    /// Committed transactions.
    public var commits: Int = 0
    /// Writes in them, successful or not (a write whose precondition failed still rode a commit).
    public var writes: Int = 0
    /// The largest batch seen.
    public var largestBatch: Int = 0
    /// Non-cumulative counts per bucket; one more entry than `bucketUpperBounds` (+Inf).
    public var bucketCounts: [Int] = Array(repeating: 0, count: SceneStateCommitStatistics.bucketUpperBounds.count + 1)

    public init() {}

    /// Records one commit of `batchSize` writes.
    public mutating func record(batchSize: Int) {
        commits += 1
        writes += batchSize
        largestBatch = max(largestBatch, batchSize)
        let bucket = SceneStateCommitStatistics.bucketUpperBounds.firstIndex { batchSize <= $0 }
            ?? SceneStateCommitStatistics.bucketUpperBounds.count
        bucketCounts[bucket] += 1
    }

    /// Mean writes per commit (0 before the first commit).
    public var meanBatchSize: Double { commits == 0 ? 0 : Double(writes) / Double(commits) }
}
