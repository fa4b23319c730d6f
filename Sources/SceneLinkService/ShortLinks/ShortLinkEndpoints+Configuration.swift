extension ShortLinkEndpoints {
    /// The short-link settings of `scenelink serve`.
    public struct Configuration: Sendable, Equatable {
        /// The bearer token of the admin routes (`--admin-token`); nil turns them off.
        public var adminToken: String?
        /// A second accepted token while the admin token is rotated (`--admin-token-next`):
        /// start every instance with the new one here, move clients to it, then make it
        /// `--admin-token` and drop this. Ignored without `adminToken`.
        public var nextAdminToken: String?

        public init(adminToken: String? = nil, nextAdminToken: String? = nil) {
            self.adminToken = adminToken
            self.nextAdminToken = nextAdminToken
        }

        /// The fewest characters an admin token may have.
        static let minimumAdminTokenLength = 16

        /// Checks a token given on the command line: 16 to 512 characters that can travel in
        /// `Authorization: Bearer` (RFC 9110 §11.2 token68: letters, digits, `-._~+/`, then `=`).
        /// - Throws: `ConfigurationError` naming the flag and the fix.
        static func adminToken(_ value: String, flag: String) throws(ConfigurationError) -> String {
            let count = value.utf8.count
            guard count >= minimumAdminTokenLength, count <= 512 else {
                throw ConfigurationError("--\(flag) must be \(minimumAdminTokenLength) to 512 characters, not \(count); "
                    + "generate one with 'openssl rand -base64 32'.")
            }
            guard BearerCredentials.isToken68(value.utf8) else {
                throw ConfigurationError("--\(flag) may hold only letters, digits and - . _ ~ + /, with = only at the end "
                    + "(it travels as 'Authorization: Bearer TOKEN').")
            }
            return value
        }
    }
}
