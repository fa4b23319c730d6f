import Foundation
import Synchronization

/// A `ShortLinkStore` in a dictionary behind a lock: the same rules as the SQLite store, no
/// durability. Every operation answers at once, on the caller's thread. Given a webhook store,
/// it queues the short-link events there as it changes (`WebhookStore` says which).
public final class InMemoryShortLinkStore: ShortLinkStore {
    private struct State {
        var links: [ShortCode: ShortLink] = [:]
        var lastSequence: Int64 = 0
    }

    private let state = Mutex(State())
    private let webhooks: InMemoryWebhookStore?
    /// Where a create's `Idempotency-Key` record goes, if anywhere.
    private let idempotency: InMemoryIdempotencyStore?

    public init(webhooks: InMemoryWebhookStore? = nil, idempotency: InMemoryIdempotencyStore? = nil) {
        self.webhooks = webhooks
        self.idempotency = idempotency
    }

    public func createShortLink(_ link: ShortLink, recording: IdempotencyRecord?, completion: @escaping ShortLinkCompletion<ShortLink>) {
        let result: Result<ShortLink, ShortLinkStoreError> = state.withLock { state in
            guard state.links[link.code] == nil else { return .failure(.codeExists(link.code)) }
            state.lastSequence += 1
            var stored = link
            stored.clicks = 0
            stored.sequence = state.lastSequence
            stored.revision = 1
            state.links[link.code] = stored
            webhooks?.publish(.shortLinkCreated(stored))
            if let recording { idempotency?.record(recording) }
            return .success(stored)
        }
        completion(result)
    }

    public func shortLink(code: ShortCode, countingClickAt now: Date?, visit: ShortLinkClickVisit?,
                          completion: @escaping ShortLinkCompletion<ShortLink?>) {
        let found: ShortLink? = state.withLock { state in
            guard var link = state.links[code] else { return nil }
            if let now, !link.isExpired(at: now) {
                link.clicks += 1
                state.links[code] = link
                webhooks?.publish(.shortLinkClicked(link, count: link.clicks, at: now, visit: visit))
            }
            return link
        }
        completion(.success(found))
    }

    public func shortLinks(codes: [ShortCode], completion: @escaping ShortLinkCompletion<[ShortCode: ShortLink]>) {
        let found: [ShortCode: ShortLink] = state.withLock { state in
            var found: [ShortCode: ShortLink] = [:]
            for code in codes { if let link = state.links[code] { found[code] = link } }
            return found
        }
        completion(.success(found))
    }

    public func shortLinks(after cursor: Int64?, limit: Int, filter: ShortLinkFilter,
                           completion: @escaping ShortLinkCompletion<ShortLinkListing>) {
        let listing: ShortLinkListing = state.withLock { state in
            let after = cursor ?? 0
            let ordered = state.links.values.filter { $0.sequence > after && filter.matches($0) }.sorted { $0.sequence < $1.sequence }
            let page = Array(ordered.prefix(max(0, limit)))
            let more = ordered.count > page.count
            return ShortLinkListing(links: page, nextCursor: more ? page.last?.sequence : nil)
        }
        completion(.success(listing))
    }

    public func updateShortLink(_ link: ShortLink, expectedRevision: Int64, at time: Date,
                                completion: @escaping ShortLinkCompletion<ShortLink>) {
        let result: Result<ShortLink, ShortLinkStoreError> = state.withLock { state in
            guard var stored = state.links[link.code] else { return .failure(.notFound(link.code)) }
            guard stored.revision == expectedRevision else { return .failure(.revisionChanged(link.code)) }
            stored.link = link.link
            stored.expiresAt = link.expiresAt
            stored.route = link.route
            stored.title = link.title
            stored.settings = link.settings
            stored.tags = ShortLinkTag.normalized(link.tags)
            stored.revision += 1
            state.links[link.code] = stored
            webhooks?.publish(.shortLinkUpdated(stored, at: time))
            return .success(stored)
        }
        completion(result)
    }

    public func createShortLinks(_ links: [ShortLink], atomic: Bool, completion: @escaping ShortLinkCompletion<[ShortLink?]>) {
        let answer: [ShortLink?] = state.withLock { state in
            var taken = Set(state.links.keys)
            var planned: [ShortLink?] = []
            for link in links {
                planned.append(taken.insert(link.code).inserted ? link : nil)
            }
            if atomic, planned.contains(where: { $0 == nil }) { return planned }
            return planned.map { link in
                guard var stored = link else { return nil }
                state.lastSequence += 1
                stored.clicks = 0
                stored.sequence = state.lastSequence
                stored.revision = 1
                state.links[stored.code] = stored
                webhooks?.publish(.shortLinkCreated(stored))
                return stored
            }
        }
        completion(.success(answer))
    }

    public func deleteShortLink(code: ShortCode, completion: @escaping ShortLinkCompletion<Bool>) {
        let deleted = state.withLock { state in
            guard state.links.removeValue(forKey: code) != nil else { return false }
            webhooks?.publish(.shortLinkDeleted(code, at: Date()))
            return true
        }
        completion(.success(deleted))
    }

    public func deleteExpiredShortLinks(expiredBefore cutoff: Date, limit: Int, completion: @escaping ShortLinkCompletion<Int>) {
        let deleted: Int = state.withLock { state in
            let expired = state.links.values.filter { ($0.expiresAt ?? .distantFuture) < cutoff }
                .sorted { $0.sequence < $1.sequence }.prefix(max(0, limit))
            for link in expired { state.links[link.code] = nil }
            return expired.count
        }
        completion(.success(deleted))
    }
}
