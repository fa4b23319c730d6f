import Foundation
import SceneLinkCore

/// Short links in the same database as scene state (migration 2), through the same pool:
/// created and deleted links are acknowledged after the commit of the group they joined
/// (`synchronous_commit = on`), lookups and listings are reads on any pooled connection.
///
/// A click is one read; the click count is then queued as a write without the answer waiting
/// for it, as in the SQLite store: a known code costs the same one read as an unknown one, a
/// burst of clicks shares commits, and a crash (of an instance or of PostgreSQL) may lose the
/// clicks of the last moments, never a link.
///
/// Where PostgreSQL differs from SQLite: `sequence` values come from an identity column, and
/// transactions on different instances may commit them out of order, so a listing paged while
/// links are being created may miss a link created at that moment (listing again shows it).
extension PostgresSceneStateStore: ShortLinkStore {
    public func createShortLink(_ link: ShortLink, recording: IdempotencyRecord?, completion: @escaping ShortLinkCompletion<ShortLink>) {
        let event = WebhookEvent.shortLinkCreated(link)
        let parameters: [PostgresParameter] = [
            .bytes(link.code.hash), .text(link.code.rawValue), .text(link.link), .int64(Self.milliseconds(link.createdAt)),
            link.expiresAt.map { .int64(Self.milliseconds($0)) } ?? .null, .text(event.id), .text(event.payload),
            link.route.map { .text($0) } ?? .null,
        ] + Self.parameters(recording) + [link.title.map { .text($0) } ?? .null, .textArray(link.tags.map(\.rawValue)),
                                            link.settings.storedText.map { .text($0) } ?? .null]
        call(.createShortLink, parameters, kind: .write, lockOrder: Self.lockOrder(link.code),
             Self.flattening(completion)) { rows -> Result<ShortLink, ShortLinkStoreError> in
            // No row: the insert found the code taken and did nothing.
            guard let row = rows.first else { return .failure(.codeExists(link.code)) }
            var stored = link
            stored.clicks = 0
            stored.revision = 1
            stored.sequence = try row.int64(0)
            return .success(stored)
        }
    }

    public func shortLink(code: ShortCode, countingClickAt now: Date?, visit: ShortLinkClickVisit?,
                          completion: @escaping ShortLinkCompletion<ShortLink?>) {
        call(.selectShortLink, [.bytes(code.hash)], kind: .read, Self.mapping(completion)) { rows -> ShortLink? in
            guard let row = rows.first, var link = try Self.shortLink(row) else { return nil }
            if let now, !link.isExpired(at: now) {
                link.clicks += 1
                // Not awaited: see the extension's comment. A failed count loses one click (and its
                // event, written by the same statement), not the link.
                let event = WebhookEvent.shortLinkClickedTemplate(link, at: now, visit: visit)
                self.call(.countShortLinkClick, [.bytes(code.hash), .text(event.id), .int64(Self.milliseconds(now)),
                                                 .text(event.beforeCount), .text(event.afterCount)],
                          kind: .write, lockOrder: Self.lockOrder(code), { _ in }) { _ in }
            }
            return link
        }
    }

    public func shortLinks(codes: [ShortCode], completion: @escaping ShortLinkCompletion<[ShortCode: ShortLink]>) {
        call(.selectShortLinksByCodes, [.bytesArray(codes.map(\.hash))], kind: .read, Self.mapping(completion)) { rows -> [ShortCode: ShortLink] in
            var found: [ShortCode: ShortLink] = [:]
            for row in rows { if let link = try Self.shortLink(row) { found[link.code] = link } }
            return found
        }
    }

    public func shortLinks(after cursor: Int64?, limit: Int, filter: ShortLinkFilter,
                           completion: @escaping ShortLinkCompletion<ShortLinkListing>) {
        let limit = max(0, limit)
        // One row more than asked says whether another page follows.
        var parameters: [PostgresParameter] = [.int64(cursor ?? 0), .int64(Int64(limit) + 1)]
        let statement: PostgresStatement
        switch (filter.tag, filter.likePattern) {
        case (nil, nil):
            statement = .selectShortLinks
        case (let tag?, nil):
            statement = .selectShortLinksByTag
            parameters.append(.text(tag.rawValue))
        case (nil, let pattern?):
            statement = .selectShortLinksMatching
            parameters.append(.text(pattern))
        case (let tag?, let pattern?):
            statement = .selectShortLinksByTagMatching
            parameters += [.text(tag.rawValue), .text(pattern)]
        }
        call(statement, parameters, kind: .read, Self.mapping(completion)) { rows in
            var links: [ShortLink] = []
            for row in rows.prefix(limit) {
                if let link = try Self.shortLink(row) { links.append(link) }
            }
            return ShortLinkListing(links: links, nextCursor: rows.count > limit ? links.last?.sequence : nil)
        }
    }

    public func updateShortLink(_ link: ShortLink, expectedRevision: Int64, at time: Date,
                                completion: @escaping ShortLinkCompletion<ShortLink>) {
        // The event is built before the write, with the revision the write will give the link.
        var next = link
        next.revision = expectedRevision + 1
        let changed = next
        let event = WebhookEvent.shortLinkUpdated(changed, at: time)
        let parameters: [PostgresParameter] = [
            .bytes(link.code.hash), .int64(expectedRevision), .text(link.link),
            link.expiresAt.map { .int64(Self.milliseconds($0)) } ?? .null, link.route.map { .text($0) } ?? .null,
            link.title.map { .text($0) } ?? .null, .textArray(link.tags.map(\.rawValue)),
            .text(event.id), .int64(Self.milliseconds(time)), .text(event.payload),
            link.settings.storedText.map { .text($0) } ?? .null,
        ]
        call(.updateShortLink, parameters, kind: .write, lockOrder: Self.lockOrder(link.code),
             Self.flattening(completion)) { rows -> Result<ShortLink, ShortLinkStoreError> in
            guard let row = rows.first else { return .failure(.notFound(link.code)) }
            guard try row.bool(3) else { return .failure(.revisionChanged(link.code)) }
            var stored = changed
            stored.sequence = try row.int64(0)
            stored.clicks = Int(clamping: try row.int64(1))
            stored.revision = try row.int64(2)
            return .success(stored)
        }
    }

    public func createShortLinks(_ links: [ShortLink], atomic: Bool, completion: @escaping ShortLinkCompletion<[ShortLink?]>) {
        // Codes repeated within `links` are answered here: the statement sees each code once.
        var seen = Set<ShortCode>()
        let first = links.map { seen.insert($0.code).inserted }
        let unique = zip(links, first).filter(\.1).map(\.0)
        let events = unique.map(WebhookEvent.shortLinkCreated)
        var parameters: [PostgresParameter] = [
            .bytesArray(unique.map(\.code.hash)), .textArray(unique.map(\.code.rawValue)), .textArray(unique.map(\.link)),
            .int64Array(unique.map { Self.milliseconds($0.createdAt) }),
            .int64Array(unique.map { $0.expiresAt.map(Self.milliseconds) ?? Int64.min }),
            .textArray(unique.map { $0.route ?? "" }), .textArray(unique.map { $0.title ?? "" }), .textArray(unique.map(\.tagText)),
            .textArray(events.map(\.id)), .textArray(events.map(\.payload)), .textArray(unique.map { $0.settings.storedText ?? "" }),
        ]
        // A code repeated among the links refuses an atomic import whatever the store holds.
        if atomic { parameters.append(.int32(first.contains(false) ? 1 : 0)) }
        let repeated = first.contains(false)
        // A transaction of its own: an import may be thousands of rows, and an atomic one that
        // meets a code taken meanwhile fails as a whole, which must not fail a shared group.
        call(atomic ? .importShortLinksAtomically : .importShortLinks, parameters, kind: .soloWrite,
             Self.mapping(completion)) { rows -> [ShortLink?] in
            var sequences: [[UInt8]: Int64] = [:]
            for row in rows where try row.int64(1) > 0 { sequences[try row.bytes(0)] = try row.int64(1) }
            if atomic, repeated || sequences.count < unique.count {
                // Nothing was stored: the taken and repeated codes are nil, the others as given.
                let taken = Set(try rows.filter { try $0.int64(1) == 0 }.map { try $0.bytes(0) })
                return zip(links, first).map { link, isFirst in isFirst && !taken.contains(link.code.hash) ? link : nil }
            }
            return zip(links, first).map { link, isFirst in
                guard isFirst, let sequence = sequences[link.code.hash] else { return nil }
                var stored = link
                stored.clicks = 0
                stored.revision = 1
                stored.sequence = sequence
                return stored
            }
        }
    }

    public func deleteShortLink(code: ShortCode, completion: @escaping ShortLinkCompletion<Bool>) {
        // Deleting has no caller's instant; the short_link.deleted event is stamped with this one.
        let event = WebhookEvent.shortLinkDeleted(code, at: Date())
        call(.deleteShortLink, [.bytes(code.hash), .text(event.id), .int64(Self.milliseconds(event.timestamp)),
                                .text(event.payload)],
             kind: .write, lockOrder: Self.lockOrder(code), Self.mapping(completion)) { !$0.isEmpty }
    }

    public func deleteExpiredShortLinks(expiredBefore cutoff: Date, limit: Int,
                                        completion: @escaping ShortLinkCompletion<Int>) {
        call(.deleteExpiredShortLinks, [.int64(Self.milliseconds(cutoff)), .int64(Int64(max(0, limit)))],
             kind: .soloWrite, Self.mapping(completion)) { $0.count }
    }

    // MARK: Helpers

    /// The row in `PostgresStatement.shortLinkColumns` order; nil for a row whose code no longer
    /// validates (skipped, not fatal). Throws when a column is not what the schema says.
    private static func shortLink(_ row: PostgresRow) throws(PostgresError) -> ShortLink? {
        guard let code = try? ShortCode(try row.text(1)) else { return nil }
        return ShortLink(code: code, link: try row.text(2), createdAt: date(try row.int64(3)),
                         expiresAt: try row.int64OrNil(4).map(date), clicks: Int(clamping: try row.int64(5)),
                         sequence: try row.int64(0), route: row.isNull(6) ? nil : try row.text(6),
                         title: row.isNull(7) ? nil : try row.text(7),
                         tags: row.isNull(9) ? [] : ShortLinkTag.stored(try row.text(9)),
                         settings: ShortLinkSettings(storedText: row.isNull(10) ? nil : try row.text(10)), revision: try row.int64(8))
    }

    /// Where a short-link write sorts in a group commit. Group writes lock in `lockOrder`
    /// order so two groups cannot deadlock; a code names one row, and the prefix (a space is in
    /// no code and no session id) keeps these keys apart from session ids.
    private static func lockOrder(_ code: ShortCode) -> String { "short-link " + code.rawValue }

    /// A scene-state completion that answers a short-link one.
    private static func mapping<T>(_ completion: @escaping ShortLinkCompletion<T>) -> SceneStateCompletion<T> {
        { result in completion(result.mapError(shortLinkError)) }
    }

    /// The same, for a decode that answers a refusal (a taken code) as a value.
    private static func flattening<T>(
        _ completion: @escaping ShortLinkCompletion<T>
    ) -> SceneStateCompletion<Result<T, ShortLinkStoreError>> {
        { result in
            switch result {
            case .success(let answer): completion(answer)
            case .failure(let error): completion(.failure(shortLinkError(error)))
            }
        }
    }

    /// The short-link failure for a failure of the shared pool (closed, unreachable, storage).
    private static func shortLinkError(_ error: SceneStateStoreError) -> ShortLinkStoreError {
        if case .failure(let failure) = error { return .failure(failure) }
        return .failure(.storage(message: error.description))
    }
}
