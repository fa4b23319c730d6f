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
            let body = value.utf8.reversed().drop(while: { $0 == UInt8(ascii: "=") })
            guard !body.isEmpty, body.allSatisfy(isTokenCharacter) else {
                throw ConfigurationError("--\(flag) may hold only letters, digits and - . _ ~ + /, with = only at the end "
                    + "(it travels as 'Authorization: Bearer TOKEN').")
            }
            return value
        }

        private static func isTokenCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                return true
            default:
                return false
            }
        }
    }
}
