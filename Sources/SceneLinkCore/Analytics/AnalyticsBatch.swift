/// What one flush of the in-memory tallies writes, in one transaction: counts to add, never a
/// row per visit. Every count is added to what is stored (`+=`), so two instances flushing into
/// one database both count.
public struct AnalyticsBatch: Equatable, Sendable {
    /// Visits, claims and installs of one scope in one 15-minute bucket.
    public struct Visits: Equatable, Sendable {
        public var scope: String
        public var bucket: Int64
        public var counts: AnalyticsCounts
        public init(scope: String, bucket: Int64, counts: AnalyticsCounts) {
            self.scope = scope
            self.bucket = bucket
            self.counts = counts
        }
    }

    /// Human visits (previews for `preview`) of one scope in one hour (a Unix hour,
    /// `bucket / 4`) with one value of one dimension.
    public struct Marginal: Equatable, Sendable {
        public var scope: String
        public var hour: Int64
        public var dimension: AnalyticsDimension
        public var value: String
        public var count: Int64
        public init(scope: String, hour: Int64, dimension: AnalyticsDimension, value: String, count: Int64) {
            self.scope = scope
            self.hour = hour
            self.dimension = dimension
            self.value = value
            self.count = count
        }
    }

    /// Visitors of one scope on one UTC day not counted before by this instance.
    public struct Visitors: Equatable, Sendable {
        public var scope: String
        public var day: Int64
        public var count: Int64
        public init(scope: String, day: Int64, count: Int64) {
            self.scope = scope
            self.day = day
            self.count = count
        }
    }

    /// Each key (scope and bucket; scope, hour, dimension and value; scope and day) at most once.
    public var visits: [Visits]
    public var marginals: [Marginal]
    public var visitors: [Visitors]

    public init(visits: [Visits] = [], marginals: [Marginal] = [], visitors: [Visitors] = []) {
        self.visits = visits
        self.marginals = marginals
        self.visitors = visitors
    }

    /// Whether the batch adds nothing.
    public var isEmpty: Bool { visits.isEmpty && marginals.isEmpty && visitors.isEmpty }
}
