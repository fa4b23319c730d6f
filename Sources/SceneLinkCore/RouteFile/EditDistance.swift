/// The Levenshtein distance between two byte strings: the fewest single-byte insertions,
/// deletions and substitutions that turn one into the other. Used to rank the "closest routes"
/// of a link that matches none, so `/settings/acount` suggests `/settings/account` first.
enum EditDistance {
    /// Bytes compared at most from each side: a link may be 8 KiB long, and an error message
    /// must not cost much more than a resolve.
    static let maximumLength = 128

    /// The distance between the first `maximumLength` bytes of `a` and of `b`.
    static func between(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
        let a = Array(a.prefix(maximumLength)), b = Array(b.prefix(maximumLength))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Two rows of the classic table: distances from a prefix of `a` to every prefix of `b`.
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
