import SceneLinkCore

extension ClaimEndpoints {
    /// How long claims and their short codes live (`--claim-ttl`, `--claim-code-ttl`).
    public struct Configuration: Sendable, Equatable {
        /// A claim (its token: the Play referrer, the claim URL) works this long after the page
        /// made it; the sweep deletes it after that.
        public var lifetime: Duration = .seconds(7 * 86_400)
        /// The short code a person types works this long (never longer than `lifetime`): 40 bits
        /// are guessable at scale, so a code must not outlive the moment of the install.
        public var codeLifetime: Duration = .seconds(3_600)
        /// The longest `codeLifetime` (`ClaimCodeCipher.maximumCodeLifetime`): a code reads as a
        /// claim made at most that long ago.
        public static let maximumCodeLifetime: Duration = .seconds(Int64(ClaimCodeCipher.maximumCodeLifetime))

        public init() {}
    }
}
