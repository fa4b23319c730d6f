/// An element HTML writes without content and without an end tag (HTML Living Standard
/// §13.1.2, void elements): `HTMLDocument.void(_:attributes:)` writes only its start tag.
///
/// The set is closed, so no other element can be left unclosed: every other element is written
/// by `HTMLDocument.element(_:attributes:_:)`, which writes its end tag.
package enum HTMLVoidElement: Sendable {
    case br
    case img
    case input
    case link
    case meta

    /// The tag name.
    package var tag: StaticString {
        switch self {
        case .br: "br"
        case .img: "img"
        case .input: "input"
        case .link: "link"
        case .meta: "meta"
        }
    }
}
