extension JSONValue {
    /// This value with `patch` applied as a JSON merge patch (RFC 7396 §2): an object patch
    /// merges member by member (null removes a member, an object member merges recursively,
    /// anything else replaces), any other patch replaces the value. Members keep their order;
    /// new ones follow.
    public func mergePatched(with patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var members = objectMembers ?? []
        for (key, change) in changes {
            let index = members.firstIndex { $0.key == key }
            if change == .null {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].value = members[index].value.mergePatched(with: change)
            } else {
                members.append((key, JSONValue.null.mergePatched(with: change)))
            }
        }
        return .object(members)
    }
}
