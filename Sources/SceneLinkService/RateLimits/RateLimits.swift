import Foundation

/// The rate limits in force: a policy per class (a class without one is unlimited) and the
/// bound on how many clients each class remembers.
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
/// - `qr=600/min`: ten codes a second; a 100-byte URL's code takes about 21 us of CPU, the
///   largest a URL can make about 0.4 ms (docs/benchmarks.md), so one address holds at most
///   a few percent of a core.
/// - `admin-auth=10/min`: wrong admin tokens. An operator mistypes a few; a guesser is held to
///   ten a minute per address.
public struct RateLimits: Sendable, Equatable {
    /// The policy of each class; nil turns that class's limit off.
    public var policies: [RateLimitClass: RateLimitPolicy]
    /// Clients (addresses, IPv6 by /64; sessions for `state`) each class remembers; past it,
    /// the one seen least recently is forgotten (its next request starts with a full bucket).
    public var maximumClients: Int

    public static let defaultPolicies: [RateLimitClass: RateLimitPolicy] = [
        .sessions: RateLimitPolicy(count: 60, periodSeconds: 60),
        .links: RateLimitPolicy(count: 600, periodSeconds: 60),
        .resolve: RateLimitPolicy(count: 1_200, periodSeconds: 60),
        .state: RateLimitPolicy(count: 600, periodSeconds: 60),
        .claims: RateLimitPolicy(count: 30, periodSeconds: 60),
        .claimPages: RateLimitPolicy(count: 60, periodSeconds: 60),
        .qr: RateLimitPolicy(count: 600, periodSeconds: 60),
        .adminAuth: RateLimitPolicy(count: 10, periodSeconds: 60),
    ]

    public init(policies: [RateLimitClass: RateLimitPolicy] = RateLimits.defaultPolicies, maximumClients: Int = 100_000) {
        self.policies = policies
        self.maximumClients = maximumClients
    }

    /// No limits at all (`--rate-limit off`).
    public static let off = RateLimits(policies: [:])

    /// Whether any class is limited.
    public var isOn: Bool { !policies.isEmpty }

    /// Parses `off`, or `CLASS=COUNT/PERIOD[,…]`: the classes named replace their defaults,
    /// `CLASS=off` turns one class off, and the others keep their defaults.
    /// - Throws: `ConfigurationError` naming the first wrong entry.
    public static func parse(_ text: String) throws(ConfigurationError) -> RateLimits {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "off" { return .off }
        var limits = RateLimits()
        for entry in trimmed.split(separator: ",") {
            let pair = entry.split(separator: "=", maxSplits: 1)
            let name = pair.first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
            guard pair.count == 2, let kind = RateLimitClass(rawValue: name) else {
                let classes = RateLimitClass.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError("--rate-limit takes 'off' or CLASS=COUNT/PERIOD[,...] with CLASS one of \(classes), not '\(entry)'.")
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if value == "off" {
                limits.policies[kind] = nil
            } else {
                limits.policies[kind] = try RateLimitPolicy(parsing: Substring(value), class: name)
            }
        }
        return limits
    }

    /// As a user would write it: `off`, or every class in order (`sessions=60/min,…,state=off`).
    public var description: String {
        guard isOn else { return "off" }
        return RateLimitClass.allCases.map { "\($0.rawValue)=\(policies[$0]?.description ?? "off")" }.joined(separator: ",")
    }
}
