/// A listener the application builds a router for.
package enum EndpointListener: Sendable {
    /// The only port (no `--admin-listen`): every route.
    case only
    /// The public port beside an admin port: `public` and `both` routes.
    case publicBesideAdmin
    /// The admin port: `admin` and `both` routes.
    case admin

    /// Whether a route declared for `port` is served here.
    package func serves(_ port: RoutePort) -> Bool {
        switch (self, port) {
        case (.only, _), (_, .both), (.publicBesideAdmin, .public), (.admin, .admin): true
        case (.publicBesideAdmin, .admin), (.admin, .public): false
        }
    }
}
