import SceneLinkOperations

extension HTMLDocument {
    /// Blocks of a page that may stand side by side: `<div class="cards">` holding a
    /// `<section>` per block (`card(_:)`), laid out as a grid of columns at least 26rem wide, so a
    /// wide screen shows two or three (the forms that make and import links, a link's changes)
    /// and a phone one under the other.
    package mutating func cards(_ content: (inout HTMLDocument) -> Void) {
        element("div", attributes: ["class": "cards"], content)
    }

    /// One block of `cards(_:)`: a heading and what goes with it.
    package mutating func card(_ content: (inout HTMLDocument) -> Void) {
        element("section", content)
    }
}
