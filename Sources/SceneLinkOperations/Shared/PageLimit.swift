import SceneLinkHTTP

/// The `limit` query item of a paged listing (short links, API keys, a webhook's deliveries, the
/// audit log), read the same way everywhere.
package enum PageLimit {
    /// `text` as a page size from 1 to `maximum`; `standard` when absent.
    /// - Throws: 400 `invalid-query` saying what `limit` takes.
    package static func parse(_ text: String?, standard: Int, maximum: Int) throws(HTTPProblem) -> Int {
        guard let text else { return standard }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw HTTPProblem.invalidQuery("limit takes a whole number from 1 to \(maximum), not '\(text.prefix(32))'.")
        }
        return value
    }
}
