import SceneLinkCore

extension RouteDeclaration {
    /// The indices of the parameters a typed link builder takes: those the route's stack or
    /// selection holds, in parameter order (a parameter only the path or query uses cannot be
    /// recovered from a stack, so the builder has no argument for it).
    var builderParameterIndices: [Int] {
        var used = Set<Int>()
        func collect(_ template: Template) {
            switch template {
            case .constant: break
            case .parameter(let index): used.insert(index)
            case .object(let members): members.forEach { collect($0.value) }
            }
        }
        (stack + (selection.map { [$0] } ?? [])).forEach { collect($0.value) }
        return parameters.indices.filter(used.contains)
    }
}
