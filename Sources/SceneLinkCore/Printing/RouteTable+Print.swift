extension RouteTable {
    /// The canonical links of a stack: the first route (in file order) whose stack template
    /// yields exactly these elements (and selection, when given), with its parameters bound.
    ///
    /// The empty stack prints as the root link (`fuelmoney://`, `https://host/`) unless a
    /// route declares it.
    /// - Throws: `LinkPrintError.noRoute` when no route yields the stack.
    public func links(for stack: [StackElement], selection: StackElement? = nil) throws(LinkPrintError) -> CanonicalLinks {
        let elements = try canonicalElements(stack)
        let chosenSelection = try selection.map { (element) throws(LinkPrintError) -> StackElement in
            try canonicalElements([element])[0]
        }
        for routeIndex in routesByStackCount[elements.count] ?? [] {
            let route = routes[routeIndex]
            var bindings = [JSONValue?](repeating: nil, count: route.parameters.count)
            let accepts: (Int, JSONValue) -> Bool = { index, value in route.parameters[index].kind.linkText(for: value) != nil }
            var fits = true
            for (template, element) in zip(route.stack, elements) {
                guard template.tag == element.tag,
                      template.value.unify(with: element.value, bindings: &bindings, accepts: accepts) else { fits = false; break }
            }
            if fits, let chosenSelection {
                fits = route.selection.map { template in
                    template.tag == chosenSelection.tag
                        && template.value.unify(with: chosenSelection.value, bindings: &bindings, accepts: accepts)
                } ?? false
            }
            guard fits else { continue }
            let printed = links(route: route, values: bindings)
            if printed.scheme != nil || printed.https != nil || (schemes.isEmpty && hosts.isEmpty) { return printed }
        }
        if elements.isEmpty && chosenSelection == nil { return rootLinks() }
        let shown = String(decoding: NavigationPathEncoding.elements(elements), as: UTF8.self)
        throw .noRoute(stack: shown.count > 300 ? String(shown.prefix(300)) + "…" : shown)
    }

    /// The canonical links of a stack sent as JSON (the body of `POST /v1/links`):
    /// - a CodableRepresentation array: `["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]`;
    /// - an elements array in push order: `[{"type":"HomePath","value":1}]` (`tag` may stand for `type`);
    /// - an object `{"navigationPath": [...]}` or `{"elements": [...]}`, optionally with
    ///   `"selection": {"type":...,"value":...}`.
    /// - Throws: `LinkPrintError`.
    public func links(forJSON body: [UInt8]) throws(LinkPrintError) -> CanonicalLinks {
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw .malformedStack(reason: error.description)
        }
        if let items = document.arrayValue { return try links(for: stackElements(items)) }
        guard document.objectMembers != nil else {
            throw .malformedStack(reason: "the JSON is \(document.kindDescription)")
        }
        guard let stackValue = document["navigationPath"] ?? document["elements"] ?? document["stack"],
              let items = stackValue.arrayValue else {
            throw .malformedStack(reason: "the object has no \"navigationPath\" or \"elements\" array")
        }
        var selection: StackElement?
        if let selectionValue = document["selection"], selectionValue != .null {
            selection = try element(fromJSON: selectionValue, index: 0)
        }
        return try links(for: stackElements(items), selection: selection)
    }

    /// Decodes a CodableRepresentation (top first) into elements in push order, checking each
    /// tag and item against the route file's types.
    /// - Throws: `LinkPrintError`.
    public func stack(fromNavigationPath bytes: [UInt8]) throws(LinkPrintError) -> [StackElement] {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .malformedStack(reason: error.description)
        }
        guard let items = document.arrayValue else { throw .malformedStack(reason: "the JSON is \(document.kindDescription)") }
        return try stackElements(items)
    }

    private func stackElements(_ items: [JSONValue]) throws(LinkPrintError) -> [StackElement] {
        guard let first = items.first else { return [] }
        if case .string = first {
            guard items.count % 2 == 0 else {
                throw .malformedStack(reason: "a CodableRepresentation has an even number of strings (tag, item, ...), not \(items.count)")
            }
            var elements: [StackElement] = []
            let pairs = items.count / 2
            for pair in 0..<pairs {
                // The array is top first: the last pair is the root, element 0.
                let offset = (pairs - 1 - pair) * 2
                guard let tag = items[offset].stringValue, let itemText = items[offset + 1].stringValue else {
                    throw .malformedStack(reason: "every member of a CodableRepresentation is a string")
                }
                guard let type = types.tagged(tag) else { throw .unknownType(index: pair, name: tag) }
                let item: JSONValue
                do {
                    item = try JSONParser.parse(itemText)
                } catch {
                    throw .invalidItem(index: pair, type: type.name, reason: "its item is not JSON (\(error.description))")
                }
                elements.append(StackElement(type: type.name, tag: type.tag, value: item))
            }
            return try canonicalElements(elements)
        }
        var elements: [StackElement] = []
        for (index, item) in items.enumerated() { elements.append(try element(fromJSON: item, index: index)) }
        return elements
    }

    /// One `{"type" or "tag", "value"}` object as a checked element. An enum value may also be
    /// written as its case name.
    private func element(fromJSON value: JSONValue, index: Int) throws(LinkPrintError) -> StackElement {
        guard value.objectMembers != nil, let name = value["type"]?.stringValue ?? value["tag"]?.stringValue else {
            throw .malformedStack(reason: "element \(index) is not an object with \"type\" (or \"tag\") and \"value\"")
        }
        guard let type = types.named(name) ?? types.tagged(name) else { throw .unknownType(index: index, name: name) }
        guard var item = value["value"] else {
            throw .malformedStack(reason: "element \(index) has no \"value\"")
        }
        if let caseName = item.stringValue {
            switch type.kind {
            case .intEnum(let cases): if let match = cases.first(where: { $0.name == caseName }) { item = .number(String(match.raw)) }
            case .stringEnum(let cases): if let match = cases.first(where: { $0.name == caseName }) { item = .string(match.raw) }
            default: break
            }
        }
        return try canonicalElements([StackElement(type: type.name, tag: type.tag, value: item)])[0]
    }

    /// Elements with known types and canonical items.
    private func canonicalElements(_ elements: [StackElement]) throws(LinkPrintError) -> [StackElement] {
        var out: [StackElement] = []
        out.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let type = types.tagged(element.tag) ?? types.named(element.type) else {
                throw .unknownType(index: index, name: element.tag)
            }
            switch types.canonicalItem(element.value, as: type.name) {
            case .success(let item): out.append(StackElement(type: type.name, tag: type.tag, value: item))
            case .failure(let mismatch): throw .invalidItem(index: index, type: type.name, reason: mismatch.reason)
            }
        }
        return out
    }
}
