import Testing
@testable import SceneLinkOperations

@Suite struct HTMLAttributesTests {
    private func written(_ attributes: HTMLAttributes) -> String {
        var fragment = HTMLDocument.fragment()
        fragment.void(.input, attributes: attributes)
        return String(decoding: fragment.finish(), as: UTF8.self)
    }

    @Test func aLiteralKeepsItsOrder() {
        #expect(written(["type": "checkbox", "id": "a", "name": "events", "value": "x"])
            == #"<input type="checkbox" id="a" name="events" value="x">"#)
    }

    @Test func appendedAttributesComeAfterTheOthers() {
        var attributes: HTMLAttributes = ["value": "day"]
        attributes.append("selected", "selected")
        #expect(written(attributes) == #"<input value="day" selected="selected">"#)
    }

    @Test func joinedAttributesKeepLeftThenRight() {
        let describedBy: HTMLAttributes = ["aria-describedby": "error"]
        #expect(written(["type": "text", "required": "required"] + describedBy)
            == #"<input type="text" required="required" aria-describedby="error">"#)
    }

    @Test func anEmptyLiteralWritesNoAttribute() {
        #expect(written([:]) == "<input>")
    }
}
