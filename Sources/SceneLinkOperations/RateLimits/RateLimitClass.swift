/// What a rate limit counts: each class has its own budget per client.
public enum RateLimitClass: String, Sendable, CaseIterable, Hashable {
    /// Opening sessions (`POST /v1/sessions`), per client address.
    case sessions
    /// What a visitor's browser opens: link pages and short links (`/s/CODE`), per client address.
    case links
    /// `/v1/resolve`, `/v1/links` and `/v1/routes`, per client address.
    case resolve
    /// Authenticated scene-state requests, per session (its bearer token), not per address:
    /// many users behind one carrier NAT do not share a budget.
    case state
    /// Claim redemptions (`POST /v1/claims/redeem`), per client address: an 8-character code
    /// can be guessed at scale, so the budget is small.
    case claims
    /// Claims made by phones' link pages (deferred deep links), per client address. Over the
    /// budget the page is still served, without a claim: a script with a phone's User-Agent
    /// cannot grow the claims table faster than this per address.
    case claimPages = "claim-pages"
    /// QR codes drawn by `GET /v1/qr`, per client address: each costs tens of microseconds of
    /// CPU (a large code up to a millisecond), so a script cannot make a server draw all day.
    case qr
    /// Wrong admin tokens, per client address: once the budget is spent, every admin-token
    /// request from that address is 429 until it refills, the right token included, so the
    /// token cannot be guessed faster than the budget.
    case adminAuth = "admin-auth"
    /// Console sign-in attempts (`POST /console/sign-in`), right or wrong, per client address;
    /// over it the sign-in is a 429 page. A wrong token also spends `admin-auth`.
    case consoleSignIn = "console-sign-in"

    /// The position in `allCases`, for arrays indexed by class.
    package var index: Int {
        switch self {
        case .sessions: 0
        case .links: 1
        case .resolve: 2
        case .state: 3
        case .claims: 4
        case .claimPages: 5
        case .qr: 6
        case .adminAuth: 7
        case .consoleSignIn: 8
        }
    }

    /// How the budget is described to a client: "requests to open sessions".
    package var noun: String {
        switch self {
        case .sessions: "new sessions"
        case .links: "link-page and short-link requests"
        case .resolve: "resolve requests"
        case .state: "scene-state requests for this session"
        case .claims: "claim redemptions"
        case .claimPages: "claims made by link pages"
        case .qr: "QR codes"
        case .adminAuth: "requests with a wrong admin token"
        case .consoleSignIn: "console sign-in attempts"
        }
    }
}
