import Foundation
import SceneLinkNetwork
#if canImport(Glibc)
import Glibc
#endif

extension WebhookEgressGuard {
    /// The process's guard, started on first use, with libcurl's proxy settings pointing at it; or
    /// why it could not start (then every https attempt fails with that sentence: none goes out
    /// unguarded).
    ///
    /// There is one per process because the setting is the process's: libcurl takes its proxy
    /// from the `https_proxy` environment variable on every connection it makes.
    static let process: Result<WebhookEgressGuard, SocketError> = {
        do throws(SocketError) {
            let egress = try WebhookEgressGuard(resolver: SystemHostResolver())
            try egress.routeProcessHTTPS()
            return .success(egress)
        } catch {
            return .failure(error)
        }
    }()

    /// What `https_proxy` must hold for libcurl to go through this guard.
    var proxySetting: String { "socks5h://127.0.0.1:\(port)" }

    /// Sets `https_proxy` and `HTTPS_PROXY` to this guard and removes `no_proxy` and `NO_PROXY`
    /// (a host listed there would be connected to directly, resolved by libcurl again).
    ///
    /// Call it once, early: `setenv` adding a name can race a `getenv` on another thread.
    func routeProcessHTTPS() throws(SocketError) {
        for name in ["https_proxy", "HTTPS_PROXY"] {
            guard setenv(name, proxySetting, 1) == 0 else { throw SocketError.system("set \(name)") }
        }
        for name in ["no_proxy", "NO_PROXY"] {
            guard unsetenv(name) == 0 else { throw SocketError.system("unset \(name)") }
        }
    }

    /// Whether libcurl would still go through this guard for https: `https_proxy` holds its
    /// setting and no `no_proxy` exempts a host. Checked before every attempt, so a change to the
    /// environment by anything else in the process stops deliveries rather than unguarding them.
    var routesProcessHTTPS: Bool {
        guard let value = getenv("https_proxy"), String(cString: value) == proxySetting else { return false }
        return getenv("no_proxy") == nil && getenv("NO_PROXY") == nil
    }
}
