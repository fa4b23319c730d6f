import Testing
@testable import SceneLinkCore

/// The test vectors of docs/navigation-path-format.md.
@Suite struct NavigationPathEncodingTests {
    private func text(_ elements: [StackElement]) -> String {
        String(decoding: NavigationPathEncoding.codableRepresentation(elements), as: UTF8.self)
    }

    @Test func intThenBoolIs37Bytes() {
        let bytes = NavigationPathEncoding.codableRepresentation([
            StackElement(type: "Int", tag: "Swift.Int", value: .number("1")),
            StackElement(type: "Bool", tag: "Swift.Bool", value: .bool(true)),
        ])
        #expect(String(decoding: bytes, as: UTF8.self) == #"["Swift.Bool","true","Swift.Int","1"]"#)
        #expect(bytes.count == 37)
    }

    @Test func stringThenInt() {
        #expect(text([StackElement(type: "String", tag: "Swift.String", value: .string("Hello")),
                      StackElement(type: "Int", tag: "Swift.Int", value: .number("123"))])
            == #"["Swift.Int","123","Swift.String","\"Hello\""]"#)
    }

    @Test func homePathSettingThenAccount() {
        #expect(text([StackElement(type: "HomePath", tag: "FuelMoney.HomePath", value: .number("1")),
                      StackElement(type: "HomePath", tag: "FuelMoney.HomePath", value: .number("2"))])
            == #"["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]"#)
    }

    @Test func firstItemThenSecondItem() {
        #expect(text([StackElement(type: "FirstItem", tag: "Sample.FirstItem", value: .number("1")),
                      StackElement(type: "SecondItem", tag: "Sample.SecondItem", value: .string("Item2"))])
            == #"["Sample.SecondItem","\"Item2\"","Sample.FirstItem","1"]"#)
    }

    @Test func emptyStack() { #expect(text([]) == "[]") }

    @Test func fastPathMatchesTheGeneralEncoderForEveryExampleRoute() throws {
        for name in ExampleFiles.names {
            let table = try ExampleFiles.table(name)
            for route in table.routes {
                let values = RoundTripTests.sampleValues(route)
                guard let link = table.links(route: route, values: values).scheme else { continue }
                let resolved = try table.resolve(link)
                #expect(try table.navigationPath(for: link) == NavigationPathEncoding.codableRepresentation(resolved.elements),
                        "\(name) \(route.name)")
            }
        }
    }
}
