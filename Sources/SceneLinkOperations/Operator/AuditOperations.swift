import SceneLinkCore

/// The audit log's one operation: reading it, newest first, as the caller may see it (a webhook
/// endpoint's URL without its path and query for a caller who may not list webhooks). The JSON
/// API (`GET /v1/audit`) and the console's System page are adapters over it.
package struct AuditOperations: Sendable {
    package let log: any AuditLog

    package init(log: any AuditLog) {
        self.log = log
    }

    /// The entries `query` selects, each as `caller` may see it (`AuditEntry.redacted(for:)`).
    package func read(_ query: AuditQuery, by caller: OperatorCaller, completion: @escaping @Sendable (Result<AuditPage, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .readAudit) { return completion(.failure(refusal)) }
        log.auditEntries(query) { result in
            completion(result.map { page in
                var page = page
                page.entries = page.entries.map { $0.redacted(for: caller.identity) }
                return page
            }.mapError { OperationError($0) })
        }
    }
}
