/// A store's rows as `scenelink store copy` reads them: a page at a time, in key order (text
/// compared byte by byte), so that a copy and its check read both sides identically.
public protocol StoreRows {
    /// Up to `limit` rows of `table` whose key comes after `cursor` (the key columns of the last
    /// row of the previous page; nil starts at the beginning), in key order.
    func rows(of table: StoreTable, after cursor: [StoreField]?, limit: Int) throws -> [[StoreField]]
}

extension StoreRows {
    /// Reads every row of `table` in pages: how many, and the digest of all of them in order.
    public func summary(of table: StoreTable, pageSize: Int = 1000) throws -> (count: Int, digest: String) {
        var digest = StoreDigest()
        var cursor: [StoreField]?
        var count = 0
        while true {
            let page = try rows(of: table, after: cursor, limit: pageSize)
            for row in page { digest.add(row) }
            count += page.count
            guard page.count == pageSize, let last = page.last else { break }
            cursor = Array(last.prefix(table.keyCount))
        }
        return (count, digest.hex)
    }
}
