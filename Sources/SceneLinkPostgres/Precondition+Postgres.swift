import SceneLinkCore

extension Precondition {
    /// The four parameters `scenelink_condition_holds` takes: If-Match mode and revisions,
    /// If-None-Match mode and revisions (mode 0: no header, 1: `*`, 2: the list).
    ///
    /// A stored tag is always strong and reads `<prefix><revision>` (`v12`, `s12`). So for
    /// If-Match (strong comparison) only strong tags of that exact form can match and the others
    /// are dropped; for If-None-Match (weak comparison) weak tags count too. The same rules as
    /// `Precondition.isSatisfied(by:)`, evaluated by the database inside the write.
    func postgresParameters(tagPrefix: Character) -> [PostgresParameter] {
        func revisions(_ tags: [EntityTag], strong: Bool) -> [Int64] {
            tags.compactMap { tag in
                guard !(strong && tag.isWeak), tag.opaqueTag.first == tagPrefix else { return nil }
                let digits = tag.opaqueTag.dropFirst()
                // Only the canonical spelling matches: "v012" is not "v12".
                guard let revision = Int64(digits), String(revision) == digits else { return nil }
                return revision
            }
        }
        func encode(_ condition: EntityTagCondition?, strong: Bool) -> [PostgresParameter] {
            switch condition {
            case nil: return [.int32(0), .int64Array([])]
            case .any?: return [.int32(1), .int64Array([])]
            case .tags(let tags)?: return [.int32(2), .int64Array(revisions(tags, strong: strong))]
            }
        }
        return encode(ifMatch, strong: true) + encode(ifNoneMatch, strong: false)
    }
}
