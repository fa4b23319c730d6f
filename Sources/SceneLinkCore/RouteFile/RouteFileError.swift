/// A route file that does not load, with every problem found in one pass.
public struct RouteFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every problem, in document order where possible.
    public var problems: [RouteFileProblem]

    public init(problems: [RouteFileProblem]) { self.problems = problems }

    public var description: String {
        let count = problems.count == 1 ? "1 problem; fix it" : "\(problems.count) problems; fix them"
        return "The route file has \(count) and load it again:\n"
            + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
