import SceneLinkCore

/// Writes the drift test (`generate swift-tests`): a Swift Testing file for the app's test
/// target that checks the app's own types against the route file.
struct SwiftTestsWriter {
    let model: RouteFileModel
    let module: String

    private var samples: SampleValues { SampleValues(model: model) }

    /// The test functions and the helper that decodes a navigationPath's items by tag.
    func body() -> (imports: Set<String>, text: String) {
        let types = model.types.filter { $0.module == module }
        let routes = model.routes(for: module)
        var imports = Set<String>()
        var tests: [String] = []
        var usedNames = Set<String>()
        func uniqueName(_ base: String) -> String {
            var name = base
            var counter = 2
            while !usedNames.insert(name).inserted { name = base + String(counter); counter += 1 }
            return name
        }
        for type in types {
            tests.append(typeTest(type, name: uniqueName("type" + SwiftSyntax.typeName(type.type.name))))
            for name in RouteFileModel.referencedTypeNames(type.type) {
                if let other = model.declared(named: name), other.module != module { imports.insert(other.module) }
            }
        }
        var tagged: [DeclaredType] = []
        for route in routes {
            guard let sample = samples.sample(of: route) else { continue }
            let path = String(decoding: NavigationPathEncoding.codableRepresentation(sample.stack), as: UTF8.self)
            let link = (try? model.table.links(for: sample.stack, selection: sample.selection)).flatMap { $0.scheme ?? $0.https }
            let name = uniqueName("route" + route.name.split(separator: ".").map { SwiftSyntax.typeName(String($0)) }.joined())
            tests.append("""
                    /// Route \(route.name) (`\(route.pattern)`, \(route.location))\(link.map { ": \($0)" } ?? "").
                    @Test func \(name)() {
                        RouteFileCheck.expectNavigationPath(\(rawLiteral(path)), route: \(SwiftSyntax.stringLiteral(route.name)))
                    }
                """)
            for element in sample.stack + (sample.selection.map { [$0] } ?? []) {
                if let declared = model.declared(named: element.type), !tagged.contains(where: { $0.type.name == declared.type.name }) {
                    tagged.append(declared)
                    imports.formUnion(RouteFileModel.modules(of: declared.path))
                }
            }
        }
        imports.remove(module)
        imports.remove("Swift")
        imports.remove("Foundation")
        var cases = tagged.map { type in
            "        case \(SwiftSyntax.stringLiteral(type.type.tag)): return roundTrip(\(model.spelling(of: type.path, in: module, scope: [])).self, item, tag)"
        }
        for (tag, spelling) in [("Swift.Int", "Int"), ("Swift.String", "String"), ("Swift.Bool", "Bool"), ("Swift.Double", "Double"), ("Foundation.UUID", "UUID")] {
            cases.append("        case \(SwiftSyntax.stringLiteral(tag)): return roundTrip(\(model.shadowsBuiltIns ? RouteFileModel.builtInSpellings[tag]?.qualified ?? spelling : spelling).self, item, tag)")
        }
        let text = """
            /// The route file \(model.fileName) against \(module)'s own types. A failure names the tag and what differs;
            /// a compile error on a line below means the type or case it names was renamed or moved.
            @Suite struct SceneLinkRouteFileTests {
            \(tests.joined(separator: "\n\n"))
            }

            /// Checks shared by the tests above.
            fileprivate enum RouteFileCheck {
                /// `item` decodes as `T` and encodes back to the same JSON value; nil or what went wrong.
                static func roundTrip<T: Codable>(_ type: T.Type, _ item: String, _ tag: String) -> String? {
                    let value: T
                    do {
                        value = try JSONDecoder().decode(T.self, from: Data(item.utf8))
                    } catch {
                        return "\\(tag): \\(item) does not decode as the app's \\(String(reflecting: T.self)): \\(error)"
                    }
                    do {
                        let encoder = JSONEncoder()
                        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                        let again = try encoder.encode(value)
                        let before = try JSONDecoder().decode(JSONShape.self, from: Data(item.utf8))
                        let after = try JSONDecoder().decode(JSONShape.self, from: again)
                        if before != after {
                            return "\\(tag): \\(item) decodes, but the app encodes it as \\(String(decoding: again, as: UTF8.self))"
                        }
                    } catch {
                        return "\\(tag): \\(item) does not encode back: \\(error)"
                    }
                    return nil
                }

                /// The type's name is the tag.
                static func expectTag<T>(_ type: T.Type, _ tag: String, _ location: String, sourceLocation: SourceLocation = #_sourceLocation) {
                    let name = String(reflecting: type)
                    #expect(name == tag, "\\(location): the route file's tag is \\(tag) but the app's type is \\(name); rename or move the type, or change the tag", sourceLocation: sourceLocation)
                }

                /// `item` round-trips as `T`.
                static func expectItem<T: Codable>(_ type: T.Type, _ item: String, _ tag: String, _ location: String, sourceLocation: SourceLocation = #_sourceLocation) {
                    if let problem = roundTrip(type, item, tag) {
                        Issue.record("\\(location): \\(problem)", sourceLocation: sourceLocation)
                    }
                }

                /// The raw value decodes to the case the route file names.
                static func expectCase<T: Codable & Equatable>(_ type: T.Type, _ item: String, is expected: T, _ tag: String, _ location: String, sourceLocation: SourceLocation = #_sourceLocation) {
                    do {
                        let value = try JSONDecoder().decode(T.self, from: Data(item.utf8))
                        #expect(value == expected, "\\(location): in \\(tag) the raw value \\(item) is \\(value), not \\(expected)", sourceLocation: sourceLocation)
                    } catch {
                        Issue.record("\\(location): \\(tag) has no case with the raw value \\(item): \\(error)", sourceLocation: sourceLocation)
                    }
                }

                /// A struct's field has the route file's type.
                static func expectField<T: Codable>(_ type: T.Type, _ item: String, field: String, typeName expected: String, _ tag: String, _ location: String, sourceLocation: SourceLocation = #_sourceLocation) {
                    guard let value = try? JSONDecoder().decode(T.self, from: Data(item.utf8)) else { return }
                    guard let child = Mirror(reflecting: value).children.first(where: { $0.label == field }) else {
                        Issue.record("\\(location): \\(tag) has no stored property \\(field)", sourceLocation: sourceLocation)
                        return
                    }
                    let actual = String(reflecting: Swift.type(of: child.value))
                    #expect(actual == expected, "\\(location): \\(tag).\\(field) is a \\(actual) in the app but a \\(expected) in the route file", sourceLocation: sourceLocation)
                }

                /// Every `[tag, item]` pair of a CodableRepresentation decodes into the app's types.
                static func expectNavigationPath(_ json: String, route: String, sourceLocation: SourceLocation = #_sourceLocation) {
                    guard let strings = try? JSONDecoder().decode([String].self, from: Data(json.utf8)), strings.count % 2 == 0 else {
                        Issue.record("route \\(route): \\(json) is not a CodableRepresentation", sourceLocation: sourceLocation)
                        return
                    }
                    for pair in stride(from: 0, to: strings.count, by: 2) {
                        if let problem = decode(tag: strings[pair], item: strings[pair + 1]) {
                            Issue.record("route \\(route), element \\(pair / 2) from the top: \\(problem)", sourceLocation: sourceLocation)
                        }
                    }
                }

                static func decode(tag: String, item: String) -> String? {
                    switch tag {
            \(cases.joined(separator: "\n"))
                    default: return "no type of the route file has the tag \\(tag)"
                    }
                }
            }

            /// A JSON value, to compare what the app encodes with what the route file says.
            fileprivate indirect enum JSONShape: Decodable, Equatable {
                case null, bool(Bool), number(Double), string(String), array([JSONShape]), object([String: JSONShape])

                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if container.decodeNil() {
                        self = .null
                    } else if let value = try? container.decode(Bool.self) {
                        self = .bool(value)
                    } else if let value = try? container.decode(Double.self) {
                        self = .number(value)
                    } else if let value = try? container.decode(String.self) {
                        self = .string(value)
                    } else if let value = try? container.decode([JSONShape].self) {
                        self = .array(value)
                    } else {
                        self = .object(try container.decode([String: JSONShape].self))
                    }
                }
            }
            """
        return (imports, text)
    }

    private func typeTest(_ type: DeclaredType, name: String) -> String {
        let swiftType = model.spelling(of: type.path, in: module, scope: [])
        let tag = SwiftSyntax.stringLiteral(type.type.tag)
        let location = type.location
        var lines = [
            "    /// \(type.type.tag) (\(location)).",
            "    @Test func \(name)() {",
            "        // A compile error here: the app has no type \(type.type.tag); it was renamed or moved.",
            "        RouteFileCheck.expectTag(\(swiftType).self, \(tag), \(SwiftSyntax.stringLiteral(location + ".tag")))",
        ]
        switch type.type.kind {
        case .intEnum(let cases):
            for enumCase in cases {
                lines.append("        RouteFileCheck.expectCase(\(swiftType).self, \(SwiftSyntax.stringLiteral(String(enumCase.raw))), is: .\(SwiftSyntax.identifier(enumCase.name)), \(tag), \(SwiftSyntax.stringLiteral(RouteFileModel.join(location + ".cases", enumCase.name)))) // a compile error: case \(enumCase.name) was renamed")
            }
        case .stringEnum(let cases):
            for enumCase in cases {
                let item = JSONWriter.text(.string(enumCase.raw), escapingSlashes: false)
                lines.append("        RouteFileCheck.expectCase(\(swiftType).self, \(SwiftSyntax.stringLiteral(item)), is: .\(SwiftSyntax.identifier(enumCase.name)), \(tag), \(SwiftSyntax.stringLiteral(RouteFileModel.join(location + ".cases", enumCase.name)))) // a compile error: case \(enumCase.name) was renamed")
            }
        case .associatedEnum(let cases):
            for enumCase in cases {
                guard let value = samples.caseValue(enumCase) else { continue }
                let item = JSONWriter.text(value, escapingSlashes: false)
                lines.append("        RouteFileCheck.expectItem(\(swiftType).self, \(SwiftSyntax.stringLiteral(item)), \(tag), \(SwiftSyntax.stringLiteral(RouteFileModel.join(location + ".cases", enumCase.name))))")
            }
        case .structure(let fields):
            if let value = samples.value(of: type.type.name) {
                let item = SwiftSyntax.stringLiteral(JSONWriter.text(value, escapingSlashes: false))
                lines.append("        RouteFileCheck.expectItem(\(swiftType).self, \(item), \(tag), \(SwiftSyntax.stringLiteral(location)))")
                for field in fields {
                    let expected: String
                    if let builtIn = RouteTable.builtInType(named: field.type) {
                        let spelling = RouteFileModel.builtInSpellings[builtIn.tag].map { model.shadowsBuiltIns ? $0.qualified : $0.short } ?? builtIn.name
                        expected = "String(reflecting: \(spelling).self)"
                    } else {
                        expected = SwiftSyntax.stringLiteral(model.tag(of: field.type))
                    }
                    lines.append("        RouteFileCheck.expectField(\(swiftType).self, \(item), field: \(SwiftSyntax.stringLiteral(field.name)), typeName: \(expected), \(tag), \(SwiftSyntax.stringLiteral(RouteFileModel.join(location + ".fields", field.name))))")
                }
            }
        default: break
        }
        lines.append("    }")
        return lines.joined(separator: "\n")
    }

    /// A raw string literal (`#"..."#`) that holds `text` unchanged.
    private func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }
}
