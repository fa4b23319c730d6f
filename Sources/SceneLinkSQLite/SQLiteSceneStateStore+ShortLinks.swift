import Foundation
import SceneLinkCore

/// Short links in the same file, through the same writer and readers as scene state: created
/// and deleted links are acknowledged after their group commit (WAL, `synchronous=FULL`), and
/// lookups run on the reader pool.
///
/// A click is one read; the click count is then queued on the writer without the answer
/// waiting for it, so a known code costs the same one read as an unknown one, and a burst of
/// clicks shares commits.
extension SQLiteSceneStateStore: ShortLinkStore {
    public func createShortLink(_ link: ShortLink, recording: IdempotencyRecord?, completion: @escaping ShortLinkCompletion<ShortLink>) {
        write({ (result: Result<Result<ShortLink, ShortLinkStoreError>, SceneStateStoreError>) in
            switch result {
            case .success(let answer): completion(answer)
            case .failure(let error): completion(.failure(Self.shortLinkError(error)))
            }
        }) { context in
            let created = try context.shortLinks.create(link)
            // Only a link that was made answers; a taken code records nothing.
            if case .success = created, let recording { try context.idempotency.record(recording) }
            return created
        }
    }

    public func shortLink(code: ShortCode, countingClickAt now: Date?, visit: ShortLinkClickVisit?,
                          completion: @escaping ShortLinkCompletion<ShortLink?>) {
        read({ result in
            switch result {
            case .success(var link?):
                if let now, !link.isExpired(at: now) {
                    link.clicks += 1
                    // Not awaited: see the type's comment. A failed count loses one click (and
                    // its event, which shares the transaction), never the link.
                    let clicked = link
                    self.write({ _ in }) { context in try context.shortLinks.countClick(clicked, at: now, visit: visit) }
                }
                completion(.success(link))
            case .success(nil):
                completion(.success(nil))
            case .failure(let error):
                completion(.failure(Self.shortLinkError(error)))
            }
        }) { statements throws(SQLiteError) in try statements.shortLinks.link(code: code) }
    }

    public func shortLinks(codes: [ShortCode], completion: @escaping ShortLinkCompletion<[ShortCode: ShortLink]>) {
        // One read on one connection: the codes are looked up one after another by their hash.
        read({ completion($0.mapError(Self.shortLinkError)) }) { statements throws(SQLiteError) in
            var found: [ShortCode: ShortLink] = [:]
            for code in codes { if let link = try statements.shortLinks.link(code: code) { found[code] = link } }
            return found
        }
    }

    public func shortLinks(after cursor: Int64?, limit: Int, filter: ShortLinkFilter,
                           completion: @escaping ShortLinkCompletion<ShortLinkListing>) {
        read({ completion($0.mapError(Self.shortLinkError)) }) { statements throws(SQLiteError) in
            try statements.shortLinks.links(after: cursor, limit: limit, filter: filter)
        }
    }

    public func updateShortLink(_ link: ShortLink, expectedRevision: Int64, at time: Date,
                                completion: @escaping ShortLinkCompletion<ShortLink>) {
        writeShortLinks(completion) { writes in try writes.update(link, expectedRevision: expectedRevision, at: time) }
    }

    public func createShortLinks(_ links: [ShortLink], atomic: Bool, completion: @escaping ShortLinkCompletion<[ShortLink?]>) {
        writeShortLinks(completion) { writes in .success(try writes.create(links, atomic: atomic)) }
    }

    public func deleteShortLink(code: ShortCode, completion: @escaping ShortLinkCompletion<Bool>) {
        // Deleting has no caller's instant; the `short_link.deleted` event is stamped with the commit's.
        writeShortLinks(completion) { writes in .success(try writes.delete(code: code, at: Date())) }
    }

    public func deleteExpiredShortLinks(expiredBefore cutoff: Date, limit: Int,
                                        completion: @escaping ShortLinkCompletion<Int>) {
        writeShortLinks(completion) { writes in .success(try writes.deleteExpired(before: cutoff, limit: limit)) }
    }

    /// Queues a short-link write. `body` answers a refusal (a taken code) as a value rather
    /// than throwing it: the refused insert changed nothing, and its savepoint is released.
    private func writeShortLinks<T: Sendable>(
        _ completion: @escaping ShortLinkCompletion<T>,
        _ body: @escaping @Sendable (ShortLinkWrites) throws -> Result<T, ShortLinkStoreError>
    ) {
        write({ (result: Result<Result<T, ShortLinkStoreError>, SceneStateStoreError>) in
            switch result {
            case .success(let answer): completion(answer)
            case .failure(let error): completion(.failure(Self.shortLinkError(error)))
            }
        }) { context in try body(context.shortLinks) }
    }

    /// The short-link failure for a failure of the shared plumbing (closed, or storage).
    private static func shortLinkError(_ error: SceneStateStoreError) -> ShortLinkStoreError {
        if case .failure(let failure) = error { return .failure(failure) }
        return .failure(.storage(message: error.description))
    }
}
