import Foundation

/// How a short-link store answers an operation: once, with the result or the failure.
public typealias ShortLinkCompletion<Value> = @Sendable (Result<Value, ShortLinkStoreError>) -> Void

/// Where short links live: `SQLiteSceneStateStore` keeps them in the same file as scene state
/// (its own table and migration), `PostgresSceneStateStore` in the same database as scene state,
/// `InMemoryShortLinkStore` is the fake tests use. Separate from
/// `SceneStateStore` so a store can offer one without the other.
///
/// - Every operation answers through its `completion`, exactly once, on a thread of the store's
///   choosing (the fake answers at once, on the caller's thread).
/// - Creating and deleting are acknowledged only once durable, as scene-state writes are.
/// - A click is counted by `shortLink(code:countingClickAt:)` without the answer waiting for
///   the count to be durable: a click never waits for an fsync, so a link that exists and one
///   that does not are answered after the same single read. A crash may lose the clicks of the
///   last moments, never a link.
/// - Stores look codes up by `ShortCode.hash`, so how long a lookup takes says nothing about
///   stored codes.
/// - The store knows nothing of clocks: callers pass instants and decide what expired means.
///
/// Async code waits for an answer with `awaiting(_:)`:
///
/// ```swift
/// let link = try await awaiting { store.shortLink(code: code, countingClickAt: Date(), completion: $0) }
/// ```
public protocol ShortLinkStore: Sendable {
    /// Stores a new short link with no clicks, and answers it with its `sequence` set.
    /// Fails with `.codeExists` when the code is taken (by an expired link too, until it is deleted).
    /// `recording` (an `Idempotency-Key`'s first answer) is written in the same transaction.
    func createShortLink(_ link: ShortLink, recording: IdempotencyRecord?, completion: @escaping ShortLinkCompletion<ShortLink>)

    /// The short link with this code, expired or not; nil when none is stored. With
    /// `countingClickAt`, a link that has not expired at that instant gets one more click,
    /// included in the answer.
    /// `visit` (with `countingClickAt`) is what `short_link.clicked` says of the visit.
    func shortLink(code: ShortCode, countingClickAt now: Date?, visit: ShortLinkClickVisit?,
                   completion: @escaping ShortLinkCompletion<ShortLink?>)

    /// The links stored under `codes` (at most `shortLinkLookupLimit`), by code;
    /// a code with none is left out. No click is counted. What an import asks of a batch at once.
    func shortLinks(codes: [ShortCode], completion: @escaping ShortLinkCompletion<[ShortCode: ShortLink]>)

    /// Up to `limit` links that pass `filter`, in creation order, starting after the link whose
    /// `sequence` is `cursor` (from the first when nil). `ShortLinkFilter` says how a tag and a
    /// text match, and what each costs.
    func shortLinks(after cursor: Int64?, limit: Int, filter: ShortLinkFilter,
                    completion: @escaping ShortLinkCompletion<ShortLinkListing>)

    /// Replaces the link, expiry, route, title and tags of the stored link with `link.code`,
    /// when its revision is still `expectedRevision`, and answers it as stored (revision one more,
    /// its clicks, sequence and creation time as they were). Queues `short_link.updated` in the
    /// same transaction.
    /// Fails with `.notFound` when no link has the code, `.revisionChanged` when its revision is
    /// another: the caller reads it again and decides.
    func updateShortLink(_ link: ShortLink, expectedRevision: Int64, at time: Date,
                         completion: @escaping ShortLinkCompletion<ShortLink>)

    /// Stores many new links in one transaction (an import), each with no clicks, and answers
    /// one element per link in order: the stored link with its `sequence`, or nil when its code
    /// was taken (by a stored link, or by an earlier link of `links`). Each stored link queues
    /// `short_link.created`.
    /// With `atomic`, a taken code stores nothing at all: the answer still has nil for every
    /// taken code, and the other links as given (sequence 0, not stored).
    func createShortLinks(_ links: [ShortLink], atomic: Bool, completion: @escaping ShortLinkCompletion<[ShortLink?]>)

    /// Deletes one short link. Answers false when there was none.
    func deleteShortLink(code: ShortCode, completion: @escaping ShortLinkCompletion<Bool>)

    /// Deletes at most `limit` links that expired before `cutoff`, in one short transaction.
    /// Answers how many; call again while it answers `limit`.
    func deleteExpiredShortLinks(expiredBefore cutoff: Date, limit: Int, completion: @escaping ShortLinkCompletion<Int>)
}

/// The most codes one `shortLinks(codes:)` asks for.
public let shortLinkLookupLimit = 1_000

extension ShortLinkStore {
    /// Finds a link, counting a click without saying anything of the visit.
    public func shortLink(code: ShortCode, countingClickAt now: Date?, completion: @escaping ShortLinkCompletion<ShortLink?>) {
        shortLink(code: code, countingClickAt: now, visit: nil, completion: completion)
    }

    /// Up to `limit` links of every kind, in creation order.
    public func shortLinks(after cursor: Int64?, limit: Int, completion: @escaping ShortLinkCompletion<ShortLinkListing>) {
        shortLinks(after: cursor, limit: limit, filter: .all, completion: completion)
    }

    /// Stores a new short link without an `Idempotency-Key` record.
    public func createShortLink(_ link: ShortLink, completion: @escaping ShortLinkCompletion<ShortLink>) {
        createShortLink(link, recording: nil, completion: completion)
    }
}
