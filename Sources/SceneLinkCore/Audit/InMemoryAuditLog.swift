import Foundation
import Synchronization

/// An `AuditLog` in an array behind a lock: the same rules as the SQL stores, no durability.
/// Answers at once, on the caller's thread.
public final class InMemoryAuditLog: AuditLog {
    private struct State {
        var entries: [AuditEntry] = []
        var lastSequence: Int64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func appendAuditEntry(_ entry: AuditEntry, completion: @escaping AuditCompletion<AuditEntry>) {
        let stored: AuditEntry = state.withLock { state in
            state.lastSequence += 1
            var stored = entry
            stored.sequence = state.lastSequence
            state.entries.append(stored)
            return stored
        }
        completion(.success(stored))
    }

    public func auditEntries(_ query: AuditQuery, completion: @escaping AuditCompletion<AuditPage>) {
        let limit = max(0, query.limit)
        let matching = state.withLock { $0.entries.reversed().filter(query.matches) }
        let page = Array(matching.prefix(limit))
        completion(.success(AuditPage(entries: page, nextCursor: matching.count > limit ? page.last?.sequence : nil)))
    }

    public func deleteAuditEntries(before cutoff: Date, action: String?, limit: Int, completion: @escaping AuditCompletion<Int>) {
        let deleted: Int = state.withLock { state in
            let old = state.entries.filter { $0.at < cutoff && (action == nil || $0.action == action) }.prefix(max(0, limit)).map(\.sequence)
            state.entries.removeAll { old.contains($0.sequence) }
            return old.count
        }
        completion(.success(deleted))
    }
}
