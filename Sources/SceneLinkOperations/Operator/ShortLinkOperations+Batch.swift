import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization

extension ShortLinkOperations {
    /// What a batch change or deletion did: the links the filter kept, those changed (or
    /// deleted), and those left as they were (a change that would pass 20 tags, or a link changed
    /// or deleted meanwhile).
    package struct BatchResult: Sendable, Equatable {
        package var matched = 0
        package var changed = 0
        package var skipped: [ShortCode] = []
    }

    /// Makes `change` to every link `filter` keeps (each link's change queues `short_link.updated`),
    /// then writes one audit entry with the filter, the change and the count. An expiry in the
    /// past is a 422, as on creation.
    package func changeAll(filter: ShortLinkFilter, change: ShortLinkBatchChange, by caller: OperatorCaller,
                           completion: @escaping @Sendable (Result<BatchResult, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .updateShortLink) { return completion(.failure(refusal)) }
        let now = clock.now()
        if case .some(.some(let date)) = change.expiresAt, date <= now {
            return completion(.failure(OperationError(ShortLinkProblems.expiryInPast(date))))
        }
        collect(filter: filter, after: nil, into: []) { [self] collected in
            guard case .success(let links) = collected else { return completion(collected.map { _ in BatchResult() }) }
            let state = ShortLinkBatchState(BatchResult(matched: links.count))
            step(links[...], state: state) { link, done in
                if change.exceedsTagLimit(link) {
                    state.skip(link.code)
                    return done(nil)
                }
                guard let changed = change.applied(to: link) else { return done(nil) }
                store.updateShortLink(changed, expectedRevision: link.revision, at: now) { answer in
                    switch answer {
                    case .success: state.count()
                    case .failure(.revisionChanged), .failure(.notFound): state.skip(link.code)
                    case .failure(let error): return done(Self.error(error))
                    }
                    done(nil)
                }
            } finished: { [audit] failure in
                if let failure { return completion(.failure(failure)) }
                let result = state.result
                var detail = change.auditDetail
                detail["filter"] = Self.describe(filter)
                detail["changed"] = String(result.changed)
                audit.record(actor: caller.actor, action: "short_links.changed", subject: "links", detail: detail) { completion(.success(result)) }
            }
        }
    }

    /// Deletes every link `filter` keeps (each queues `short_link.deleted`), then writes one
    /// audit entry with the filter and the count.
    package func deleteAll(filter: ShortLinkFilter, by caller: OperatorCaller,
                           completion: @escaping @Sendable (Result<BatchResult, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .deleteShortLink) { return completion(.failure(refusal)) }
        collect(filter: filter, after: nil, into: []) { [self] collected in
            guard case .success(let links) = collected else { return completion(collected.map { _ in BatchResult() }) }
            let state = ShortLinkBatchState(BatchResult(matched: links.count))
            step(links[...], state: state) { link, done in
                store.deleteShortLink(code: link.code) { answer in
                    switch answer {
                    case .success(true): state.count()
                    case .success(false): state.skip(link.code)
                    case .failure(let error): return done(Self.error(error))
                    }
                    done(nil)
                }
            } finished: { [audit] failure in
                if let failure { return completion(.failure(failure)) }
                let result = state.result
                audit.record(actor: caller.actor, action: "short_links.deleted", subject: "links",
                             detail: ["filter": Self.describe(filter), "deleted": String(result.changed)]) { completion(.success(result)) }
            }
        }
    }

    /// The filter as the audit log names it: `tag=spring q=sale`, `all`.
    static func describe(_ filter: ShortLinkFilter) -> String {
        let parts = [filter.tag.map { "tag=" + $0.rawValue }, filter.text.map { "q=" + $0 }].compactMap { $0 }
        return parts.isEmpty ? "all" : parts.joined(separator: " ")
    }

    /// Every link `filter` keeps, a listing page at a time.
    private func collect(filter: ShortLinkFilter, after cursor: Int64?, into links: [ShortLink],
                         _ completion: @escaping @Sendable (Result<[ShortLink], OperationError>) -> Void) {
        store.shortLinks(after: cursor, limit: Self.maximumPageSize, filter: filter) { [self] result in
            switch result {
            case .failure(let error):
                completion(.failure(Self.error(error)))
            case .success(let page):
                let all = links + page.links
                guard let next = page.nextCursor else { return completion(.success(all)) }
                collect(filter: filter, after: next, into: all, completion)
            }
        }
    }

    /// Runs `each` on the links one after another (each answers `done` once, with a failure that
    /// stops the batch or nil), then `finished`.
    private func step(_ links: ArraySlice<ShortLink>, state: ShortLinkBatchState,
                      each: @escaping @Sendable (ShortLink, @escaping @Sendable (OperationError?) -> Void) -> Void,
                      finished: @escaping @Sendable (OperationError?) -> Void) {
        guard let link = links.first else { return finished(nil) }
        each(link) { [self] failure in
            if let failure { return finished(failure) }
            Self.batchQueue.async { step(links.dropFirst(), state: state, each: each, finished: finished) }
        }
    }

    /// Where a batch takes its next step, so a long batch never deepens a store's callback stack.
    private static let batchQueue = DispatchQueue(label: "scenelink.short-link-batch", qos: .userInitiated)
}
