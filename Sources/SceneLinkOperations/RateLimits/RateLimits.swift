import Foundation

/// The rate limits in force: a policy per class and client (a class without one is unlimited),
/// the bound on how many clients each class remembers, and ceilings for a class's requests
/// from all clients together (`instancePolicies`).
///
/// The instance ceilings by default (`--instance-limit`):
/// - `claim-pages=20/s`: every phone's link page stores a claim (about 140 bytes, kept for
///   `--claim-ttl`), and the per-client budget bounds one address, not a fleet of them. At 20 a
///   second a flood from many addresses writes at most 72,000 claims an hour (about 10 MB), where
///   20 minutes without it wrote 9.7 million (1.4 GB), so the database grows within the hostile
///   soak's 50 MB an hour with room for the webhook outbox; a launch that really brings more than
///   20 phones a second still serves every page, the ones past the ceiling without a claim.
///
/// The defaults are far above what one real user does, so only floods and scripts meet them
/// (docs/security.md explains each):
/// - `sessions=60/min`: an app opens a session once per install or after expiry; 60 a minute
///   covers a carrier NAT or an office behind one address.
/// - `links=600/min`: ten link pages a second from one address, again for a shared NAT.
/// - `resolve=1200/min`: apps resolve each link they open; a backend resolving for many users
///   should be given its own, higher limit.
/// - `state=600/min` per session: an app saves when the scene goes to the background and
///   restores at launch, a few requests a minute.
/// - `claims=30/min`: an app redeems one claim on its first launch (and retries a few times);
///   the short code has 40 bits, so guessing must stay slow.
/// - `claim-pages=60/min`: a phone's link page stores a claim per view; a person opens a few
///   links a minute. Over it the page is served without a claim, so a script cannot fill the
///   claims table from one address.
/// - `qr=600/min`: ten codes a second, far more than a page or a tool embeds; a 100-byte URL's
///   code takes about 21 µs of CPU and the largest link (2,048 bytes) about 0.9 ms
///   (docs/benchmarks.md), so one address holds at most about 1 % of a core.
/// - `admin-auth=10/min`: wrong admin tokens. An operator mistypes a few; a guesser is held to
///   ten a minute per address.
public struct RateLimits: Sendable, Equatable {
    /// The policy of each class; nil turns that class's limit off.
    public var policies: [RateLimitClass: RateLimitPolicy]
    /// Clients (addresses, IPv6 by /64; sessions for `state`) each class remembers; past it,
    /// the one seen least recently is forgotten (its next request starts with a full bucket).
    public var maximumClients: Int
    /// Ceilings on a class's requests from all clients together, per instance; a request past
    /// one is refused as past a client's budget is (for `claim-pages`, the page without a claim).
    public var instancePolicies: [RateLimitClass: RateLimitPolicy]

    public static let defaultPolicies: [RateLimitClass: RateLimitPolicy] = [
        .sessions: RateLimitPolicy(count: 60, periodSeconds: 60),
        .links: RateLimitPolicy(count: 600, periodSeconds: 60),
        .resolve: RateLimitPolicy(count: 1_200, periodSeconds: 60),
        .state: RateLimitPolicy(count: 600, periodSeconds: 60),
        .claims: RateLimitPolicy(count: 30, periodSeconds: 60),
        .claimPages: RateLimitPolicy(count: 60, periodSeconds: 60),
        .qr: RateLimitPolicy(count: 600, periodSeconds: 60),
        .adminAuth: RateLimitPolicy(count: 10, periodSeconds: 60),
        .consoleSignIn: RateLimitPolicy(count: 10, periodSeconds: 60),
    ]

    public static let defaultInstancePolicies: [RateLimitClass: RateLimitPolicy] = [
        .claimPages: RateLimitPolicy(count: 20, periodSeconds: 1),
    ]

    public init(policies: [RateLimitClass: RateLimitPolicy] = RateLimits.defaultPolicies, maximumClients: Int = 100_000,
                instancePolicies: [RateLimitClass: RateLimitPolicy] = RateLimits.defaultInstancePolicies) {
        self.policies = policies
        self.maximumClients = maximumClients
        self.instancePolicies = instancePolicies
    }

    /// No limits at all: no per-client budget and no instance ceiling.
    public static let off = RateLimits(policies: [:], instancePolicies: [:])

    /// Whether any class is limited, per client or per instance.
    public var isOn: Bool { !policies.isEmpty || !instancePolicies.isEmpty }

    /// Parses `--rate-limit`: `off`, or `CLASS=COUNT/PERIOD[,…]`: the classes named replace their
    /// defaults, `CLASS=off` turns one class off, and the others keep their defaults. The
    /// instance ceilings are `--instance-limit`'s (`parseInstance`), untouched here.
    /// - Throws: `ConfigurationError` naming the first wrong entry.
    public static func parse(_ text: String) throws(ConfigurationError) -> RateLimits {
        var limits = RateLimits()
        limits.policies = try policies(text, defaults: defaultPolicies, flag: "rate-limit")
        return limits
    }

    /// Parses `--instance-limit` like `--rate-limit`: `off`, or `CLASS=COUNT/PERIOD[,…]` over
    /// `defaultInstancePolicies`.
    public static func parseInstance(_ text: String) throws(ConfigurationError) -> [RateLimitClass: RateLimitPolicy] {
        try policies(text, defaults: defaultInstancePolicies, flag: "instance-limit")
    }

    private static func policies(_ text: String, defaults: [RateLimitClass: RateLimitPolicy],
                                 flag: String) throws(ConfigurationError) -> [RateLimitClass: RateLimitPolicy] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "off" { return [:] }
        var policies = defaults
        for entry in trimmed.split(separator: ",") {
            let pair = entry.split(separator: "=", maxSplits: 1)
            let name = pair.first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
            guard pair.count == 2, let kind = RateLimitClass(rawValue: name) else {
                let classes = RateLimitClass.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError("--\(flag) takes 'off' or CLASS=COUNT/PERIOD[,...] with CLASS one of \(classes), not '\(entry)'.")
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if value == "off" {
                policies[kind] = nil
            } else {
                policies[kind] = try RateLimitPolicy(parsing: Substring(value), class: name, flag: flag)
            }
        }
        return policies
    }

    /// `--rate-limit` as a user would write it: `off`, or every class in order (`sessions=60/min,…,state=off`).
    public var description: String { Self.describe(policies) }

    /// `--instance-limit` as a user would write it: `off`, or the classes with a ceiling (`claim-pages=20/s`).
    public var instanceDescription: String {
        instancePolicies.isEmpty ? "off"
            : RateLimitClass.allCases.compactMap { kind in instancePolicies[kind].map { "\(kind.rawValue)=\($0)" } }.joined(separator: ",")
    }

    private static func describe(_ policies: [RateLimitClass: RateLimitPolicy]) -> String {
        guard !policies.isEmpty else { return "off" }
        return RateLimitClass.allCases.map { "\($0.rawValue)=\(policies[$0]?.description ?? "off")" }.joined(separator: ",")
    }
}
