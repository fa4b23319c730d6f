/// The known name nearest to a misspelled one, for "did you mean" in route-file problems
/// (keys, type names, case names) and on the command line (flags).
public enum NearestName {
    /// The name in `known` nearest to `name`, when it is near enough to be what was meant: at
    /// most a third of the name's length of edits away (two for short names, so a swapped pair
    /// counts), and sharing at least one letter (`c` suggests nothing for `a`; `bd` finds `db`). Case is
    /// ignored, so `Homepath` finds `HomePath`. Ties go to the earlier name.
    ///
    /// ```swift
    /// NearestName.closest(to: "prot", in: ["host", "port"])   // "port"
    /// ```
    public static func closest(to name: String, in known: some Sequence<String>) -> String? {
        let limit = max(2, name.utf8.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = EditDistance.between(name.lowercased().utf8, candidate.lowercased().utf8)
            let sharesALetter = !Set(name.lowercased()).isDisjoint(with: candidate.lowercased())
            if distance <= limit, sharesALetter, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }
}
