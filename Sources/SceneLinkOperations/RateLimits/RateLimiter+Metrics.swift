extension RateLimiter {
    /// The Prometheus lines of the rate limits: refusals by class (`scenelink_rate_limited_total`)
    /// and the clients each class remembers (`scenelink_rate_limit_clients`), then refusals by an
    /// instance ceiling (`scenelink_instance_limited_total`); empty when off.
    package var exposition: String {
        var out = ""
        if !limits.instancePolicies.isEmpty {
            out += "# HELP scenelink_instance_limited_total Requests past a class's ceiling for the whole instance "
                + "(--instance-limit; claim pages are served without a claim).\n"
            out += "# TYPE scenelink_instance_limited_total counter\n"
            for (kind, count) in instanceRefusedCounts {
                out += "scenelink_instance_limited_total{class=\"\(kind.rawValue)\"} \(count)\n"
            }
        }
        guard !limits.policies.isEmpty else { return out }
        out += "# HELP scenelink_rate_limited_total Requests refused with 429, by rate-limit class.\n"
        out += "# TYPE scenelink_rate_limited_total counter\n"
        for (kind, count) in refusedCounts {
            out += "scenelink_rate_limited_total{class=\"\(kind.rawValue)\"} \(count)\n"
        }
        out += "# HELP scenelink_rate_limit_clients Clients each rate-limit class remembers (at most --rate-limit-clients).\n"
        out += "# TYPE scenelink_rate_limit_clients gauge\n"
        for (kind, count) in clientCounts {
            out += "scenelink_rate_limit_clients{class=\"\(kind.rawValue)\"} \(count)\n"
        }
        return out
    }
}
