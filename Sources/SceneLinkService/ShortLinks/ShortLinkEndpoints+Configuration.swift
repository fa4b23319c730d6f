import SceneLinkCore
import SceneLinkOperations

extension ShortLinkEndpoints {
    /// The short-link settings of `scenelink serve`.
    public struct Configuration: Sendable, Equatable {
        /// The bearer token of the admin routes (`--admin-token`); nil turns them off.
        public var adminToken: String?
        /// A second accepted token while the admin token is rotated (`--admin-token-next`):
        /// start every instance with the new one here, move clients to it, then make it
        /// `--admin-token` and drop this. Ignored without `adminToken`.
        public var nextAdminToken: String?
        /// The web sites a short link may point at besides the app's screens (`--link-domains`);
        /// none by default.
        public var linkDomains: LinkDomains
        /// Where short links live on the app's hosts (`--short-link-prefix`): `/s/CODE` by default.
        public var path: ShortLinkPath

        public init(adminToken: String? = nil, nextAdminToken: String? = nil, linkDomains: LinkDomains = .none,
                    path: ShortLinkPath = .standard) {
            self.path = path
            self.adminToken = adminToken
            self.nextAdminToken = nextAdminToken
            self.linkDomains = linkDomains
        }

        /// The longest admin token taken (as `BearerCredentials` reads at most).
        static let maximumAdminTokenLength = BearerCredentials.maximumTokenBytes

        /// Checks a token given on the command line: at most 512 characters that can travel in
        /// `Authorization: Bearer` (RFC 9110 §11.2 token68: letters, digits, `-._~+/`, then `=`),
        /// with at least `SecretStrength.minimumBits` (128) bits of estimated entropy, so a guessable
        /// token (`aaaaaaaaaaaaaaaa`, words and a counter) stops the server at start.
        /// - Throws: `ConfigurationError` naming the flag and the fix (`scenelink token`).
        static func adminToken(_ value: String, flag: String) throws(ConfigurationError) -> String {
            let count = value.utf8.count
            guard count <= maximumAdminTokenLength else {
                throw ConfigurationError("--\(flag) must be at most \(maximumAdminTokenLength) characters, not \(count); "
                    + "make one with 'scenelink token'.")
            }
            guard value.isEmpty || BearerCredentials.isToken68(value.utf8) else {
                throw ConfigurationError("--\(flag) may hold only letters, digits and - . _ ~ + /, with = only at the end "
                    + "(it travels as 'Authorization: Bearer TOKEN').")
            }
            let bits = SecretStrength.estimatedBits(value)
            guard bits >= SecretStrength.minimumBits else {
                throw ConfigurationError("--\(flag) is too easy to guess: about \(bits) bits of entropy, fewer than "
                    + "\(SecretStrength.minimumBits) (docs/security.md says how it is estimated); "
                    + "make one with 'scenelink token' (32 random bytes).")
            }
            return value
        }
    }
}
