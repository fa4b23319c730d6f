/// Which listener serves a route.
///
/// Without `--admin-listen` there is one port and it serves every route. With it, the public
/// port serves `public` and `both` routes and answers 404 for `admin` ones; the admin port
/// serves `admin` and `both` routes only.
public enum RoutePort: String, Sendable, CaseIterable, Codable {
    /// The port visitors and apps reach.
    case `public`
    /// The admin port when there is one: operator features and `/metrics`.
    case admin
    /// Both ports: the probes an orchestrator may send to either.
    case both
}
