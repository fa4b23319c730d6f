extension ConsoleEndpoints {
    /// The operator console's settings (`--console`, `--console-idle`, `--console-lifetime`,
    /// `--console-insecure-http`); each default is written here once.
    public struct Configuration: Sendable, Equatable {
        /// Whether `/console/` is served at all (`--console off` leaves every console path 404).
        public var isOn = true
        /// A session unused this long ends (`--console-idle`).
        public var idleTimeout: Duration = .seconds(15 * 60)
        /// A session ends this long after sign-in, used or not (`--console-lifetime`).
        public var lifetime: Duration = .seconds(8 * 3600)
        /// Allow signing in over plain HTTP from an address that is not loopback
        /// (`--console-insecure-http`): off, since the token and the cookie would cross the
        /// network in clear text.
        public var allowsInsecureHTTP = false

        public init() {}
    }
}
