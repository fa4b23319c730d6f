import SceneLinkCore

/// How a typed link builder finds the links `POST /v1/links` prints for the stack it builds.
///
/// The server takes the first route in file order whose stack template yields the stack (and
/// whose link then prints). A builder for route R knows its stack only as R's template with
/// R's parameters in it, so each candidate route E is unified with that template here, once:
/// what never matches is dropped, what always matches ends the search, and what depends on
/// the values becomes a runtime condition (`String(level.rawValue) == "3"`).
struct LinkPlan {
    /// One candidate route with what must hold at run time for it to take the stack.
    struct Attempt {
        var route: RouteDeclaration
        /// Swift conditions (`if a, b, let rest0 = ...`), empty when the route always prints.
        var conditions: [String]
        /// The path expression (`"settings/" + LinkText.segment(String(id))`).
        var path: String
        /// Statements appending `name=value` pairs to `query`.
        var query: [String]
    }

    /// Candidates in file order; the last one has no conditions unless no route always prints.
    var attempts: [Attempt] = []
    /// Whether the builder ends in the root links (an empty stack that no route printed).
    var fallsBackToRoot = false

    /// How a route's parameter is bound while unifying a candidate: to a constant, or to one
    /// of the builder's own parameters.
    private enum Binding: Equatable {
        case constant(JSONValue)
        case argument(Int)
    }

    private struct Unifier {
        let model: RouteFileModel
        let own: RouteDeclaration
        let candidate: RouteDeclaration
        var bindings: [Binding?]
        var conditions: [String] = []

        init(model: RouteFileModel, own: RouteDeclaration, candidate: RouteDeclaration) {
            self.model = model
            self.own = own
            self.candidate = candidate
            bindings = Array(repeating: nil, count: candidate.parameters.count)
        }

        mutating func unify(_ theirs: RouteDeclaration.Template, _ ours: RouteDeclaration.Template) -> Bool {
            switch (theirs, ours) {
            case (.constant(let a), .constant(let b)):
                return a == b
            case (.constant(let value), .parameter(let argument)):
                guard !value.isObject else { return false }
                conditions.append("\(LinkPlan.text(of: argument, in: own, model: model)) == \(SwiftSyntax.stringLiteral(LinkPlan.text(of: value, typeName: own.parameters[argument].typeName, model: model) ?? ""))")
                return true
            case (.constant(let value), .object(let members)):
                guard let theirMembers = value.objectMembers else { return false }
                return unifyMembers(theirMembers.map { (key: $0.key, value: .constant($0.value)) }, members)
            case (.object(let members), .constant(let value)):
                guard let ourMembers = value.objectMembers else { return false }
                return unifyMembers(members, ourMembers.map { (key: $0.key, value: .constant($0.value)) })
            case (.object(let theirMembers), .object(let ourMembers)):
                return unifyMembers(theirMembers, ourMembers)
            case (.object, .parameter):
                return false
            case (.parameter(let index), .object):
                _ = index
                return false
            case (.parameter(let index), .constant(let value)):
                guard !value.isObject else { return false }
                switch bindings[index] {
                case .constant(let bound)?: return bound == value
                case .argument(let argument)?:
                    conditions.append("\(LinkPlan.text(of: argument, in: own, model: model)) == \(SwiftSyntax.stringLiteral(LinkPlan.text(of: value, typeName: own.parameters[argument].typeName, model: model) ?? ""))")
                    return true
                case nil:
                    guard LinkPlan.text(of: value, typeName: candidate.parameters[index].typeName, model: model) != nil else { return false }
                    bindings[index] = .constant(value)
                    return true
                }
            case (.parameter(let index), .parameter(let argument)):
                switch bindings[index] {
                case .constant(let bound)?:
                    conditions.append("\(LinkPlan.text(of: argument, in: own, model: model)) == \(SwiftSyntax.stringLiteral(LinkPlan.text(of: bound, typeName: own.parameters[argument].typeName, model: model) ?? ""))")
                    return true
                case .argument(let other)?:
                    if other != argument {
                        conditions.append("\(LinkPlan.text(of: other, in: own, model: model)) == \(LinkPlan.text(of: argument, in: own, model: model))")
                    }
                    return true
                case nil:
                    // Both fill the same place, so the loader gave them the same type.
                    guard candidate.parameters[index].typeName == own.parameters[argument].typeName else { return false }
                    bindings[index] = .argument(argument)
                    return true
                }
            }
        }

        mutating func unifyMembers(_ theirs: [(key: String, value: RouteDeclaration.Template)],
                                   _ ours: [(key: String, value: RouteDeclaration.Template)]) -> Bool {
            guard theirs.count == ours.count else { return false }
            for member in theirs {
                guard let match = ours.first(where: { $0.key == member.key }), unify(member.value, match.value) else { return false }
            }
            return true
        }
    }

    init(route own: RouteDeclaration, model: RouteFileModel) {
        var restCount = 0
        for candidate in model.routes where candidate.stack.count == own.stack.count {
            var unifier = Unifier(model: model, own: own, candidate: candidate)
            var fits = zip(candidate.stack, own.stack).allSatisfy { pair in
                pair.0.tag == pair.1.tag && unifier.unify(pair.0.value, pair.1.value)
            }
            if fits, let ownSelection = own.selection {
                fits = candidate.selection.map { $0.tag == ownSelection.tag && unifier.unify($0.value, ownSelection.value) } ?? false
            }
            guard fits, var attempt = LinkPlan.printing(candidate, bindings: unifier.bindings, own: own, model: model,
                                                         restCount: &restCount) else { continue }
            attempt.conditions = unifier.conditions + attempt.conditions
            attempts.append(attempt)
            if attempt.conditions.isEmpty { return }
        }
        fallsBackToRoot = own.stack.isEmpty && own.selection == nil
    }

    /// The path and query of `route` with its parameters bound, or nil when it can never print
    /// (a path parameter or a required query item left unbound).
    private static func printing(_ route: RouteDeclaration, bindings: [Binding?], own: RouteDeclaration,
                                 model: RouteFileModel, restCount: inout Int) -> Attempt? {
        var pieces: [String] = []
        var conditions: [String] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { pieces.append(SwiftSyntax.stringLiteral(literal)) }
            literal = ""
        }
        for (offset, segment) in route.segments.enumerated() {
            if offset > 0 { literal += "/" }
            switch segment {
            case .literal(let text):
                literal += LinkPrinter.encodeSegment(text)
            case .parameter(let index):
                switch bindings[index] {
                case nil: return nil
                case .constant(let value)?:
                    guard let text = text(of: value, typeName: route.parameters[index].typeName, model: model) else { return nil }
                    literal += LinkPrinter.encodeSegment(text)
                case .argument(let argument)?:
                    flush()
                    pieces.append("LinkText.segment(\(text(of: argument, in: own, model: model)))")
                }
            case .rest(let index):
                switch bindings[index] {
                case nil: return nil
                case .constant(let value)?:
                    guard let text = value.stringValue, let path = LinkPrinter.restSegments(text)?.joined(separator: "/") else { return nil }
                    literal += path
                case .argument(let argument)?:
                    flush()
                    let name = "rest\(restCount)"
                    restCount += 1
                    conditions.append("let \(name) = LinkText.rest(\(text(of: argument, in: own, model: model)))")
                    pieces.append(name)
                }
            }
        }
        flush()
        var query: [String] = []
        for item in route.query {
            let typeName = route.parameters[item.parameter].typeName
            let defaultText = item.defaultValue.flatMap { text(of: $0, typeName: typeName, model: model) }
            let name = LinkPrinter.encodeQuery(item.name)
            switch bindings[item.parameter] {
            case nil:
                if item.defaultValue == nil { return nil }
            case .constant(let value)?:
                if let defaultValue = item.defaultValue, defaultValue == value { continue }
                guard let text = text(of: value, typeName: typeName, model: model) else { return nil }
                query.append("query.append(\(SwiftSyntax.stringLiteral(name + "=" + LinkPrinter.encodeQuery(text))))")
            case .argument(let argument)?:
                let value = text(of: argument, in: own, model: model)
                let append = "query.append(\(SwiftSyntax.stringLiteral(name + "=")) + LinkText.query(\(value)))"
                if let defaultText {
                    query.append("if \(value) != \(SwiftSyntax.stringLiteral(defaultText)) { \(append) }")
                } else {
                    query.append(append)
                }
            }
        }
        return Attempt(route: route, conditions: conditions, path: pieces.isEmpty ? "\"\"" : pieces.joined(separator: " + "), query: query)
    }

    /// The Swift expression of a builder argument's link text (`String(id)`, `level.rawValue`).
    static func text(of argument: Int, in route: RouteDeclaration, model: RouteFileModel) -> String {
        let parameter = route.parameters[argument]
        let name = SwiftSyntax.identifier(parameter.name)
        switch model.routeType(named: parameter.typeName)?.kind {
        case .int?, .bool?: return "String(\(name))"
        case .double?: return "LinkText.double(\(name))"
        case .uuid?: return "\(name).uuidString"
        case .intEnum?: return "String(\(name).rawValue)"
        case .stringEnum?: return "\(name).rawValue"
        default: return name
        }
    }

    /// The link text of a constant item of a parameter type, as SceneLinkCore prints it, or nil
    /// when the value is not one of that type.
    static func text(of value: JSONValue, typeName: String, model: RouteFileModel) -> String? {
        switch (model.routeType(named: typeName)?.kind, value) {
        case (.string?, .string(let text)): return text
        case (.stringEnum(let cases)?, .string(let text)): return cases.contains { $0.raw == text } ? text : nil
        case (.uuid?, .string(let text)): return text.count == 36 ? text.uppercased() : nil
        case (.int?, .number), (.intEnum?, .number):
            guard let number = value.intValue else { return nil }
            if case .intEnum(let cases)? = model.routeType(named: typeName)?.kind, !cases.contains(where: { $0.raw == number }) { return nil }
            return String(number)
        case (.double?, .number): return value.doubleValue.map(JSONWriter.canonicalDoubleText)
        case (.bool?, .bool(let flag)): return flag ? "true" : "false"
        default: return nil
        }
    }
}

extension JSONValue {
    var isObject: Bool { objectMembers != nil }
}
