import Foundation
import SceneLinkCore
import SceneLinkOperations

/// The block `scenelink serve` writes to standard error once it listens (`--quiet` drops it):
/// what a person who just started it needs to know, one line each.
///
/// ```
/// scenelink 0.1.0 serving FuelMoney (7 routes)
///   listening on  http://127.0.0.1:8080/
///   store         SQLite /home/me/scenelink.sqlite
///   routes        built-in example "fuelmoney" (--example NAME or a route file to change)
///   admin routes  off: no --admin-token (or SCENELINK_ADMIN_TOKEN)
///   console       off: it signs in with the admin token, and there is none
///   rate limits   default (sessions=60/min,links=600/min,…)
///   analytics     on, written every 5s
/// ```
///
/// The store is named as a person finds it: the SQLite file's absolute path, or PostgreSQL's
/// host and database without user or password.
struct StartupSummary: Sendable {
    let configuration: ServiceConfiguration
    /// The public port as bound (the kernel's choice for `--port 0`).
    let port: Int
    /// The admin port as bound, when `--admin-listen` asked for one.
    let adminPort: Int?
    /// PostgreSQL's redacted address, or nil for SQLite.
    let postgresAddress: String?
    let appName: String
    let routeCount: Int
    /// The folder a relative `--db` or route file is in.
    let workingDirectory: String

    var text: String {
        var lines = ["scenelink \(SceneLinkVersion.current) serving \(appName) (\(routeCount) route\(routeCount == 1 ? "" : "s"))"]
        func row(_ label: String, _ value: String) { lines.append("  " + label.padding(toLength: 14, withPad: " ", startingAt: 0) + value) }
        row("listening on", url(host: configuration.http.host, port: port) + everyInterface(configuration.http.host))
        if let adminPort, let admin = configuration.adminListen {
            row("admin port", url(host: admin.host, port: adminPort) + " (/metrics and the admin routes; the public port answers them 404)")
        }
        row("store", store)
        row("routes", routes)
        row("admin routes", adminRoutes)
        row("console", console)
        row("rate limits", rateLimits)
        row("analytics", configuration.analytics.isOn
            ? "on, written every \(ValueParser.text(of: configuration.analytics.flushInterval)) (aggregates only; --analytics off to stop)"
            : "off: --analytics off")
        return lines.joined(separator: "\n")
    }

    func url(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }

    private func everyInterface(_ host: String) -> String {
        host == "0.0.0.0" || host == "::" ? " (every interface; on this machine \(url(host: "127.0.0.1", port: port)))" : ""
    }

    private var store: String {
        if let postgresAddress { return "PostgreSQL \(postgresAddress)" }
        let path = configuration.databasePath
        if path == ":memory:" { return "SQLite in memory (:memory:): nothing is kept after it stops" }
        return "SQLite " + absolute(path)
    }

    private var routes: String {
        if let file = configuration.routesPath { return absolute(file) + " (SIGHUP reloads it)" }
        return "built-in example \"\(configuration.routesExample)\" (a route file or --example NAME to change)"
    }

    private var adminRoutes: String {
        guard configuration.shortLinks.adminToken != nil else {
            return "off: no --admin-token (or SCENELINK_ADMIN_TOKEN); short links, webhooks, keys and analytics answer 403"
        }
        let rotation = configuration.shortLinks.nextAdminToken == nil ? "" : " (and --admin-token-next, for a rotation)"
        return "on: the admin token" + rotation + " or an API key with the route's scope"
    }

    private var console: String {
        guard configuration.console.isOn else { return "off: --console off" }
        guard configuration.shortLinks.adminToken != nil else { return "off: it signs in through the admin routes, which are off" }
        let host = configuration.adminListen.map { $0.host } ?? configuration.http.host
        let consolePort = adminPort ?? port
        let at = url(host: host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host, port: consolePort) + "console/"
        return "on: \(at)"
    }

    private var rateLimits: String {
        let limits = configuration.rateLimits
        guard limits.isOn else { return "off: --rate-limit off and --instance-limit off" }
        let defaults = RateLimits()
        let profile = limits.policies == defaults.policies && limits.instancePolicies == defaults.instancePolicies ? "default" : "changed"
        return "\(profile): \(limits.description); per instance \(limits.instanceDescription)"
    }

    /// `path` as an absolute path, resolved against the working directory.
    private func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
