import SceneLinkHTTP

extension HTTPProblem {
    /// 400 `invalid-query`: a query item the route cannot read, with the sentence saying what it takes.
    package static func invalidQuery(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, type: typeBase + "invalid-query", title: "Invalid query item", detail: detail)
    }
}
