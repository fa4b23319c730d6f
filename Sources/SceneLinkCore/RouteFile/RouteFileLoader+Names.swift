extension RouteFileLoader {
    /// The sentence for a type name a route or parameter names that is no loaded type. A type
    /// declared under "types" whose own definition has problems is named as such (not as
    /// unknown), and it stays a candidate for "did you mean": `"Bok"` finds the declared `Book`
    /// even when `Book` failed, never the built-in `Bool` instead, because declared names come
    /// first and ties go to the earlier name.
    func unknownTypeSentence(_ name: String, subject: String? = nil) -> String {
        if failedTypeNames.contains(name) {
            return "The type \"\(name)\" is declared under \"types\" but its definition has problems "
                + "(reported at types.\(name)); fix those first."
        }
        let builtIns = RouteType.builtIns.map(\.name)
        let declared = Set(types.names).union(failedTypeNames).subtracting(builtIns).sorted()
        return Self.unknownType(name, known: declared + builtIns, subject: subject)
    }

    /// The sentence for a type name that names no type, with the nearest known name when one
    /// is close (`"Homepath"` finds `HomePath`), as unknown keys get. `subject` is what the
    /// sentence begins with, `Unknown type "NAME"` unless given. `known` is searched in its
    /// order (ties go to the earlier name).
    static func unknownType(_ name: String, known: some Sequence<String>, subject: String? = nil) -> String {
        let subject = subject ?? "Unknown type \"\(name)\""
        let builtIns = "declare it under \"types\" or use Int, String, Bool, Double or UUID"
        if let near = NearestName.closest(to: name, in: Array(known)) {
            return "\(subject); did you mean \"\(near)\"? Otherwise \(builtIns)."
        }
        return "\(subject); \(builtIns)."
    }

    /// The sentence for a case name that `type` does not have, with the nearest case when one
    /// is close, else every case. `written` is the value as the file has it.
    static func unknownCase(_ written: String, of type: String, cases: [String]) -> String {
        let unquoted = written.hasPrefix("\"") && written.hasSuffix("\"") && written.count >= 2
            ? String(written.dropFirst().dropLast()) : written
        if let near = NearestName.closest(to: unquoted, in: cases), near != unquoted {
            return "\(type) has no case \(written); did you mean \"\(near)\"? Its cases are \(cases.joined(separator: ", "))."
        }
        return "\(type) has no case \(written); use one of \(cases.joined(separator: ", "))."
    }
}
