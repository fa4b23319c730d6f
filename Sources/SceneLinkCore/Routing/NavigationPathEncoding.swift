/// Writes stacks in the shapes apps restore (navigation-path-format.md).
public enum NavigationPathEncoding {
    /// Appends the CodableRepresentation of a route's stack: `[tag, item, ...]` with the top
    /// (last pushed) element first; each item is its compact `JSONEncoder` text as a string.
    static func append(_ stack: [ElementTemplate], values: [JSONValue?], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        // Elements by index: `for element in stack` would copy each template (a retain per field).
        var index = stack.count - 1
        while index >= 0 {
            if index < stack.count - 1 { out.append(UInt8(ascii: ",")) }
            stack[index].appendFragment(values, to: &out)
            index -= 1
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The CodableRepresentation of `elements` (push order in, top first out).
    ///
    /// ```swift
    /// NavigationPathEncoding.codableRepresentation([one, yes])  // ["Swift.Bool","true","Swift.Int","1"]
    /// ```
    public static func codableRepresentation(_ elements: [StackElement]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (offset, element) in elements.reversed().enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(element.tag, to: &out, escapingSlashes: true)
            out.appendStatic(",\"")
            JSONWriter.appendEscaped(JSONWriter.encode(element.value), to: &out, escapingSlashes: true)
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// A typed array in push order (`[1,2]`), as `JSONEncoder` writes `[T]`.
    /// - Throws: `ResolveError.notSingleType` when the elements have more than one type.
    public static func typedArray(_ elements: [StackElement]) throws(ResolveError) -> [UInt8] {
        var typeNames: [String] = []
        for element in elements where !typeNames.contains(element.type) { typeNames.append(element.type) }
        guard typeNames.count <= 1 else { throw .notSingleType(types: typeNames) }
        return JSONWriter.encode(.array(elements.map(\.value)), escapingSlashes: true)
    }

    /// `[{"type":...,"tag":...,"value":...}]` in push order.
    public static func elements(_ elements: [StackElement]) -> [UInt8] {
        var out: [UInt8] = []
        appendElements(elements, to: &out)
        return out
    }

    static func appendElements(_ elements: [StackElement], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            appendElement(element, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `{"type":...,"tag":...,"value":...}`, members in that order.
    static func appendElement(_ element: StackElement, to out: inout [UInt8]) {
        out.appendStatic("{\"type\":")
        JSONWriter.appendString(element.type, to: &out, escapingSlashes: false)
        out.appendStatic(",\"tag\":")
        JSONWriter.appendString(element.tag, to: &out, escapingSlashes: false)
        out.appendStatic(",\"value\":")
        JSONWriter.append(element.value, to: &out, escapingSlashes: false)
        out.append(UInt8(ascii: "}"))
    }

    /// The default resolve document, members in this order: `link`, `route`, `parameters`
    /// (an object, keys sorted), `elements`, `navigationPath` (the CodableRepresentation array
    /// itself, not a string), `selection` (an element or null), `canonical`.
    public static func document(_ resolved: ResolvedLink) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        out.appendStatic("{\"link\":")
        JSONWriter.appendString(resolved.link, to: &out, escapingSlashes: false)
        out.appendStatic(",\"route\":")
        JSONWriter.append(resolved.route.map(JSONValue.string) ?? .null, to: &out, escapingSlashes: false)
        out.appendStatic(",\"parameters\":")
        JSONWriter.append(.object(resolved.parameters.map { (key: $0.name, value: $0.value) }), to: &out, escapingSlashes: false)
        out.appendStatic(",\"elements\":")
        appendElements(resolved.elements, to: &out)
        out.appendStatic(",\"navigationPath\":")
        out.append(contentsOf: codableRepresentation(resolved.elements))
        out.appendStatic(",\"selection\":")
        if let selection = resolved.selection { appendElement(selection, to: &out) } else { out.appendStatic("null") }
        out.appendStatic(",\"canonical\":")
        JSONWriter.append(resolved.canonical.json, to: &out, escapingSlashes: false)
        out.append(UInt8(ascii: "}"))
        return out
    }
}
