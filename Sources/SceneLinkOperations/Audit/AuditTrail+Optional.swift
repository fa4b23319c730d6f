import SceneLinkHTTP

extension Optional where Wrapped == AuditTrail {
    /// `AuditTrail.record`, or `then` at once when there is no trail (endpoints built without one in tests).
    package func record(_ request: HTTPRequest, action: String, subject: String, detail: [String: String] = [:],
                        then: @escaping @Sendable () -> Void) {
        guard let trail = self else { return then() }
        trail.record(request, action: action, subject: subject, detail: detail, then: then)
    }

    /// `AuditTrail.record(actor:…)`, or `then` at once when there is no trail.
    package func record(actor: String, action: String, subject: String, detail: [String: String] = [:],
                        then: @escaping @Sendable () -> Void) {
        guard let trail = self else { return then() }
        trail.record(actor: actor, action: action, subject: subject, detail: detail, then: then)
    }
}
