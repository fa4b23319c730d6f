import Foundation

/// Every stored short link with its human visits over some UTC days: what a link check
/// replays (`LinkCheck`). Read page by page, so the store is never asked for everything at once.
public struct StoredLinks: Sendable {
    /// The links in creation order.
    public var links: [ShortLink]
    /// Human visits over the days asked for, by code (a link without any is left out).
    public var visits: [String: Int64]

    public init(links: [ShortLink], visits: [String: Int64]) {
        self.links = links
        self.visits = visits
    }

    /// The links a page of the listing holds.
    static let pageSize = 1_000

    /// Reads every stored link, then the visits of `days` from `analytics`.
    public static func read(links store: any ShortLinkStore, analytics: any AnalyticsStore, days: ClosedRange<Int64>,
                            completion: @escaping @Sendable (Result<StoredLinks, LinkCheckStoreError>) -> Void) {
        readPage(store, after: nil, into: []) { result in
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let links):
                // Every link with visits, however many: the limit is the links there are.
                analytics.analyticsTopLinks(days: days, limit: max(links.count, 1)) { result in
                    switch result {
                    case .failure(let error):
                        completion(.failure(LinkCheckStoreError("the visits could not be read: \(error)")))
                    case .success(let top):
                        var visits: [String: Int64] = [:]
                        for link in top { visits[link.code] = link.human }
                        completion(.success(StoredLinks(links: links, visits: visits)))
                    }
                }
            }
        }
    }

    private static func readPage(_ store: any ShortLinkStore, after cursor: Int64?, into links: [ShortLink],
                                 completion: @escaping @Sendable (Result<[ShortLink], LinkCheckStoreError>) -> Void) {
        store.shortLinks(after: cursor, limit: pageSize) { result in
            switch result {
            case .failure(let error):
                completion(.failure(LinkCheckStoreError("the short links could not be read: \(error)")))
            case .success(let page):
                let all = links + page.links
                guard let next = page.nextCursor else { return completion(.success(all)) }
                readPage(store, after: next, into: all, completion: completion)
            }
        }
    }
}

extension StoredLinks {
    /// The stored links whose code a route of `table` would hide (`RouteTable.routeShadowing`:
    /// short links at the root only), each with the route's name.
    public func shadowed(by table: RouteTable) -> [(code: ShortCode, route: String)] {
        guard table.shortLinkPath == .root else { return [] }
        return links.compactMap { link in table.routeShadowing(code: link.code).map { (link.code, $0) } }
    }

    /// The sentence that refuses a route table hiding stored codes: how many, and the first few
    /// with their routes.
    public static func shadowSentence(_ shadowed: [(code: ShortCode, route: String)]) -> String {
        let first = shadowed.prefix(5).map { "/\($0.code.rawValue) (route \($0.route))" }.joined(separator: ", ")
        return "\(shadowed.count) stored short link\(shadowed.count == 1 ? "" : "s") at the root would be hidden by a route of the same path: "
            + "\(first); rename the routes, delete those links, or serve short links under a prefix (--short-link-prefix /s/)."
    }
}
