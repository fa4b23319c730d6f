import Foundation
import SceneLinkCore
import SceneLinkHTTP

/// The short links' operations: list, get, create, change, delete (the import is
/// `ShortLinkEndpoints+Import`'s). Each checks its caller's permission (`links:read` to read,
/// `links:write` to change) and writes its audit entry itself; the JSON API (`ShortLinkEndpoints`)
/// and the console's Links pages are adapters over them.
///
/// A target and an expiry are checked on creation and on a change (`checkTarget`): the expiry is
/// after now, the link is not itself a short link, and it resolves with the route table in force
/// or is an https page on an allowed site (`linkDomains`).
package struct ShortLinkOperations: Sendable {
    package let store: any ShortLinkStore
    package let routes: Current<RouteTable>
    package let clock: SceneStateClock
    /// Where a link's visits since it was made are read; nil without analytics (every count 0).
    package let analyticsStore: (any AnalyticsStore)?
    package let audit: AuditTrail?
    /// The web sites a link may point at besides the app's screens (`--link-domains`).
    package let linkDomains: LinkDomains

    package init(store: any ShortLinkStore, routes: Current<RouteTable>, clock: SceneStateClock,
                 analyticsStore: (any AnalyticsStore)?, audit: AuditTrail?, linkDomains: LinkDomains = .none) {
        self.linkDomains = linkDomains
        self.store = store
        self.routes = routes
        self.clock = clock
        self.analyticsStore = analyticsStore
        self.audit = audit
    }

    /// A link with its visits since it was made, by class (flushed counts).
    package struct Counted: Sendable {
        package let link: ShortLink
        package let visits: AnalyticsCounts
    }

    /// One page of the listing, and the cursor of the next (nil on the last).
    package struct Page: Sendable {
        package let links: [Counted]
        package let nextCursor: Int64?
    }

    /// How many times in all a change is tried when another caller's change lands between its
    /// read and its write (each try reads the link again, checks `If-Match` against it and makes
    /// the change on top of it); clicks do not count as changes.
    package static let updateAttempts = 3

    /// Links per listing page: the default and the most.
    package static let defaultPageSize = 50
    package static let maximumPageSize = 500

    /// One page, oldest first, of the links `filter` keeps, after `cursor`.
    package func list(after cursor: Int64?, limit: Int, filter: ShortLinkFilter, by caller: OperatorCaller,
                      completion: @escaping @Sendable (Result<Page, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .listShortLinks) { return completion(.failure(refusal)) }
        store.shortLinks(after: cursor, limit: limit, filter: filter) { [self] result in
            switch result {
            case .success(let listing):
                counted(listing.links) { completion($0.map { Page(links: $0, nextCursor: listing.nextCursor) }) }
            case .failure(let error):
                completion(.failure(Self.error(error)))
            }
        }
    }

    /// The link `code` names (nil: a malformed code, which names none): 404 when none does.
    package func get(code: ShortCode?, by caller: OperatorCaller, completion: @escaping @Sendable (Result<Counted, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .getShortLink) { return completion(.failure(refusal)) }
        guard let code else { return completion(.failure(OperationError(ShortLinkProblems.notFound))) }
        store.shortLink(code: code, countingClickAt: nil) { [self] result in
            switch result {
            case .success(let link?): counted([link]) { completion($0.map { $0[0] }) }
            case .success(nil): completion(.failure(OperationError(ShortLinkProblems.notFound)))
            case .failure(let error): completion(.failure(Self.error(error)))
            }
        }
    }

    /// Makes a link under its alias or a new random code (a random code that is taken, a collision
    /// of 72-bit codes not expected, is drawn again, once). `recording` gives the record a create
    /// safe to retry writes with it, made from the link before it is stored.
    package func create(_ new: ShortLinkRequest, by caller: OperatorCaller, recording: (@Sendable (ShortLink) -> IdempotencyRecord?)? = nil,
                        completion: @escaping @Sendable (Result<ShortLink, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .createShortLink) { return completion(.failure(refusal)) }
        let table = routes.value
        guard !table.hosts.isEmpty else { return completion(.failure(OperationError(ShortLinkProblems.noHTTPSHost))) }
        let now = clock.now()
        switch checkTarget(new.link, expiresAt: new.expiresAt, table: table, now: now) {
        case .success(let route):
            insert(new, route: route, createdAt: now, by: caller, recording: recording, attempt: 1, completion: completion)
        case .failure(let problem):
            completion(.failure(OperationError(problem)))
        }
    }

    private func insert(_ new: ShortLinkRequest, route: String?, createdAt: Date, by caller: OperatorCaller,
                        recording: (@Sendable (ShortLink) -> IdempotencyRecord?)?, attempt: Int,
                        completion: @escaping @Sendable (Result<ShortLink, OperationError>) -> Void) {
        let link = ShortLink(code: new.alias ?? .random(), link: new.link, createdAt: createdAt, expiresAt: new.expiresAt,
                             route: route, title: new.title, tags: new.tags, settings: new.settings)
        if let shadowing = routes.value.routeShadowing(code: link.code) {
            guard new.alias == nil, attempt == 1 else {
                return completion(.failure(OperationError(ShortLinkProblems.codeIsRoute(link.code, route: shadowing))))
            }
            // A random code that is a route's path (short links at the root): draw again.
            return insert(new, route: route, createdAt: createdAt, by: caller, recording: recording, attempt: 2, completion: completion)
        }
        store.createShortLink(link, recording: recording?(link)) { [audit] result in
            switch result {
            case .success:
                var detail = ["link": link.link]
                if let expiresAt = link.expiresAt { detail["expiresAt"] = RFC3339.string(expiresAt) }
                if let settings = link.settings.storedText { detail["settings"] = settings }
                audit.record(actor: caller.actor, action: "short_link.created", subject: "link:\(link.code.rawValue)", detail: detail) {
                    completion(.success(link))
                }
            case .failure(.codeExists) where new.alias == nil && attempt == 1:
                insert(new, route: route, createdAt: createdAt, by: caller, recording: recording, attempt: 2, completion: completion)
            case .failure(let error):
                completion(.failure(Self.error(error)))
            }
        }
    }

    /// Changes the link `code` names, while its revision is one `condition` names (412 with the
    /// current `ETag` otherwise); a new target or expiry is checked as on creation. Tried again on
    /// top of a change that landed meanwhile (at most `updateAttempts` times in all).
    package func update(code: ShortCode?, _ change: ShortLinkChangeRequest, condition: EntityTagCondition?, by caller: OperatorCaller,
                        completion: @escaping @Sendable (Result<Counted, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .updateShortLink) { return completion(.failure(refusal)) }
        guard let code else { return completion(.failure(OperationError(ShortLinkProblems.notFound))) }
        apply(change, to: code, condition: condition, by: caller, attempt: 1, completion: completion)
    }

    private func apply(_ change: ShortLinkChangeRequest, to code: ShortCode, condition: EntityTagCondition?, by caller: OperatorCaller,
                       attempt: Int, completion: @escaping @Sendable (Result<Counted, OperationError>) -> Void) {
        store.shortLink(code: code, countingClickAt: nil) { [self] result in
            let current: ShortLink
            switch result {
            case .success(let link?): current = link
            case .success(nil): return completion(.failure(OperationError(ShortLinkProblems.notFound)))
            case .failure(let error): return completion(.failure(Self.error(error)))
            }
            let tag = EntityTag.shortLink(revision: current.revision)
            if let condition, !Precondition(ifMatch: condition).isSatisfied(by: tag) {
                return completion(.failure(OperationError(ShortLinkProblems.preconditionFailed(current: tag), headers: ["ETag": tag.headerValue])))
            }
            var changed: ShortLink
            do throws(HTTPProblem) {
                changed = try change.applied(to: current)
            } catch {
                return completion(.failure(OperationError(error)))
            }
            let now = clock.now()
            if change.link != nil || change.expiresAt != nil {
                // An expiry kept as it was is not checked again: a link may be retitled after it expired.
                let expiry = change.expiresAt != nil ? changed.expiresAt : nil
                switch checkTarget(changed.link, expiresAt: expiry, table: routes.value, now: now) {
                case .success(let route): changed.route = route
                case .failure(let problem): return completion(.failure(OperationError(problem)))
                }
            }
            store.updateShortLink(changed, expectedRevision: current.revision, at: now) { result in
                switch result {
                case .success(let stored):
                    audit.record(actor: caller.actor, action: "short_link.updated", subject: "link:\(code.rawValue)", detail: change.auditDetail) {
                        counted([stored]) { completion($0.map { $0[0] }) }
                    }
                case .failure(.revisionChanged) where attempt < Self.updateAttempts:
                    apply(change, to: code, condition: condition, by: caller, attempt: attempt + 1, completion: completion)
                case .failure(let error):
                    completion(.failure(Self.error(error)))
                }
            }
        }
    }

    /// Deletes the link `code` names: 404 when none does.
    package func delete(code: ShortCode?, by caller: OperatorCaller, completion: @escaping @Sendable (Result<Void, OperationError>) -> Void) {
        if let refusal = caller.refusal(of: .deleteShortLink) { return completion(.failure(refusal)) }
        // A malformed code names no link: the same 404 as an unknown one.
        guard let code else { return completion(.failure(OperationError(ShortLinkProblems.notFound))) }
        store.deleteShortLink(code: code) { [audit] result in
            switch result {
            case .success(true):
                audit.record(actor: caller.actor, action: "short_link.deleted", subject: "link:\(code.rawValue)") { completion(.success(())) }
            case .success(false): completion(.failure(OperationError(ShortLinkProblems.notFound)))
            case .failure(let error): completion(.failure(Self.error(error)))
            }
        }
    }

    // MARK: - Shared

    /// The listing's query items (`limit`, `cursor`, `tag`, `q`) as `item` gives them, read once
    /// for the API and the console's Links page.
    /// - Throws: 400 `invalid-query` saying which item is wrong and what it takes.
    package static func listing(_ item: (String) -> String?) throws(HTTPProblem) -> (cursor: Int64?, limit: Int, filter: ShortLinkFilter) {
        let limit = try PageLimit.parse(item("limit"), standard: defaultPageSize, maximum: maximumPageSize)
        var cursor: Int64?
        if let text = item("cursor") {
            guard text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let value = Int64(text) else {
                throw HTTPProblem.invalidQuery("cursor takes the nextCursor of the previous page as it was given, not '\(text.prefix(32))'.")
            }
            cursor = value
        }
        var filter = ShortLinkFilter.all
        if let text = item("tag") {
            do {
                filter.tag = try ShortLinkTag(text)
            } catch {
                throw HTTPProblem.invalidQuery("tag takes one tag: \(error.description)")
            }
        }
        if let text = item("q"), !text.isEmpty {
            guard text.utf8.count <= ShortLinkFilter.maximumTextBytes else {
                throw HTTPProblem.invalidQuery("q is \(text.utf8.count) bytes long; search for at most \(ShortLinkFilter.maximumTextBytes).")
            }
            filter.text = text
        }
        return (cursor, limit, filter)
    }


    /// The checks a target and an expiry pass on creation, on a change and on each imported
    /// row: the expiry is after `now` (422), the link is not itself a short link (422), and it
    /// resolves with the route table in force (422 with the resolve problem) or is an https page
    /// on an allowed site (422 `web-destination-not-allowed` naming the list otherwise). Answers
    /// the name of the route it resolves to (nil for the root and for a web page).
    package func checkTarget(_ link: String, expiresAt: Date?, table: RouteTable, now: Date) -> Result<String?, HTTPProblem> {
        if let expiresAt, expiresAt <= now { return .failure(ShortLinkProblems.expiryInPast(expiresAt)) }
        guard table.shortLinkCode(in: link) == nil else {
            return .failure(ShortLinkProblems.targetIsShortLink)
        }
        switch linkDomains.webDestination(link, appHosts: table.hosts) {
        case .allowed?: return .success(nil)
        case .refused(let reason)?: return .failure(ShortLinkProblems.webDestinationNotAllowed(reason))
        case nil: break
        }
        do {
            _ = try table.resolve(link, format: .navigationPath)
            return .success(try table.routeName(of: link))
        } catch {
            return .failure(ShortLinkProblems.targetDoesNotResolve(error))
        }
    }

    /// `links` with their visit totals (0 without analytics), or the analytics store's failure.
    private func counted(_ links: [ShortLink], _ completion: @escaping @Sendable (Result<[Counted], OperationError>) -> Void) {
        guard let analyticsStore, !links.isEmpty else { return completion(.success(links.map { Counted(link: $0, visits: AnalyticsCounts()) })) }
        analyticsStore.analyticsTotals(scopes: links.map { AnalyticsScope.link($0.code).key }) { result in
            completion(result.map { totals in
                links.map { Counted(link: $0, visits: totals[AnalyticsScope.link($0.code).key] ?? AnalyticsCounts()) }
            }.mapError { error in
                switch error {
                case .failure(let failure): OperationError(failure)
                }
            })
        }
    }

    package static func error(_ error: ShortLinkStoreError) -> OperationError {
        switch error {
        case .codeExists(let code): OperationError(ShortLinkProblems.aliasTaken(code))
        case .notFound: OperationError(ShortLinkProblems.notFound)
        case .revisionChanged:
            OperationError(HTTPProblem(status: .preconditionFailed, type: HTTPProblem.typeBase + "precondition-failed",
                                       title: "Precondition failed", detail: error.description))
        case .failure(let failure): OperationError(failure)
        }
    }
}
