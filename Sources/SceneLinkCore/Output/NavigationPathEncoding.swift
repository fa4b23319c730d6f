/// Writes stacks in the shapes apps restore (docs/navigation-path-format.md).
public enum NavigationPathEncoding {
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
}
