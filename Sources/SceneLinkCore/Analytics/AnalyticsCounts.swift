/// The counts of one link in one bucket of time: visits by class and trigger, claims and installs.
public struct AnalyticsCounts: Equatable, Sendable {
    /// Visits of people, by any trigger (`qr` included).
    public var human: Int64 = 0
    /// Of `human`, the visits that came from scanning a code SceneLink drew.
    public var qr: Int64 = 0
    /// Visits of link unfurlers (Slack, iMessage, WhatsApp…) making a preview.
    public var preview: Int64 = 0
    /// Visits of crawlers and scripted clients, and requests without a User-Agent.
    public var bot: Int64 = 0
    /// Claims (deferred deep links) made by a link page.
    public var claims: Int64 = 0
    /// Claims redeemed by the app: installs that came from the link.
    public var installs: Int64 = 0

    public init(human: Int64 = 0, qr: Int64 = 0, preview: Int64 = 0, bot: Int64 = 0, claims: Int64 = 0, installs: Int64 = 0) {
        self.human = human
        self.qr = qr
        self.preview = preview
        self.bot = bot
        self.claims = claims
        self.installs = installs
    }

    /// The names of the counts, in the order answers and CSV columns list them.
    public static let names = ["human", "qr", "preview", "bot", "claims", "installs"]

    /// The counts in the order of `names`.
    public var values: [Int64] { [human, qr, preview, bot, claims, installs] }

    /// Whether every count is zero.
    public var isZero: Bool { self == AnalyticsCounts() }

    public static func += (lhs: inout AnalyticsCounts, rhs: AnalyticsCounts) {
        lhs.human += rhs.human
        lhs.qr += rhs.qr
        lhs.preview += rhs.preview
        lhs.bot += rhs.bot
        lhs.claims += rhs.claims
        lhs.installs += rhs.installs
    }
}
