import SceneLinkText
import Foundation
import SceneLinkCore

/// Writes one small HTML5 document, escaping every value for where it goes, with every element
/// balanced by construction.
///
/// An element's content is a closure: `element(_:attributes:_:)` writes the start tag, runs it,
/// then writes the end tag, so no element can be left open or closed twice. Void elements
/// (`HTMLVoidElement`: `input`, `img`, …) have no content and no end tag: `void(_:attributes:)`.
/// A data table is `table(caption:headings:_:)`. The document itself is opened by `init`, its
/// body by `startBody()`, and both are closed by `finish()`.
///
/// Tag and attribute names, and the style sheet, come from code; every other string is a
/// value and is escaped for its context:
/// - text (`text(_:)`, `element(_:text:)`, the title): `&`, `<` and `>` become references;
/// - attribute values (`HTMLAttributes`), always double-quoted: `&`, `<`, `>`, `"` and `'` too;
/// - URLs (`anchor`, `metaURL`, `canonical`): written only when their scheme is one of the
///   allowed ones (`http`, `https`, and the custom schemes the caller names), so no
///   `javascript:` or `data:` link can be made from a value; then escaped as an attribute.
///
/// NUL and other C0 controls except tab, line feed and carriage return, which HTML forbids
/// in text, become U+FFFD.
///
/// ```swift
/// var page = HTMLDocument(title: "Recipe 42 · Recipes")
/// page.meta(property: "og:title", content: "Recipe 42")
/// page.startBody()
/// page.element("main") { html in
///     html.element("h1", text: "Recipe 42")
///     html.anchor("Open in the app", href: "recipes://recipes/42", schemes: ["recipes"])
/// }
/// let bytes = page.finish()
/// ```
///
/// A part of a page written apart from its document (the console's `<main>`, say) is a
/// `fragment()`, placed into a document by `append(_:)`.
package struct HTMLDocument {
    /// The schemes every URL may have.
    package static let webSchemes = ["https", "http"]

    private var bytes: [UInt8] = []
    private var inBody = false
    /// A fragment has no doctype, head or body of its own (`fragment()`).
    private let isFragment: Bool

    /// Starts a document: doctype, `<html lang>`, and the head's charset, viewport and title.
    /// - Parameter styleSheet: CSS written in a `<style>` element; a constant from code
    ///   (a Content-Security-Policy allows it by its hash, `styleSource(_:)`).
    package init(title: String, language: String = "en", styleSheet: String? = nil) {
        isFragment = false
        bytes.reserveCapacity(4096)
        raw("<!doctype html><html lang=\"")
        attributeValue(language)
        raw("\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>")
        text(title)
        raw("</title>")
        if let styleSheet {
            raw("<style>")
            raw(styleSheet)
            raw("</style>")
        }
    }

    private init(fragmentCapacity: Int) {
        bytes.reserveCapacity(fragmentCapacity)
        inBody = true
        isFragment = true
    }

    /// An empty fragment: body content with no doctype and no head, to be placed into a document
    /// with `append(_:)`. Its elements balance as a document's do.
    package static func fragment() -> HTMLDocument {
        HTMLDocument(fragmentCapacity: 4096)
    }

    /// `<meta name="NAME" content="VALUE">` (description, twitter:…).
    package mutating func meta(name: String, content: String) {
        raw("<meta name=\"")
        attributeValue(name)
        raw("\" content=\"")
        attributeValue(content)
        raw("\">")
    }

    /// `<meta property="PROPERTY" content="VALUE">` (Open Graph).
    package mutating func meta(property: String, content: String) {
        raw("<meta property=\"")
        attributeValue(property)
        raw("\" content=\"")
        attributeValue(content)
        raw("\">")
    }

    /// A meta tag whose content is a URL (`og:image`, `twitter:image`): left out unless the
    /// URL is http or https. `property` for Open Graph names, `name` otherwise.
    /// - Returns: whether it was written.
    @discardableResult
    package mutating func metaURL(_ key: String, url: String) -> Bool {
        guard Self.allows(url, schemes: Self.webSchemes) else { return false }
        if key.hasPrefix("og:") { meta(property: key, content: url) } else { meta(name: key, content: url) }
        return true
    }

    /// `<link rel="canonical" href="URL">`, when the URL is http or https.
    package mutating func canonical(_ url: String) {
        guard Self.allows(url, schemes: Self.webSchemes) else { return }
        raw("<link rel=\"canonical\" href=\"")
        attributeValue(url)
        raw("\">")
    }

    /// `<link rel="stylesheet" href="PATH">` for a style sheet this server serves: `PATH` is
    /// an absolute path from code, which a Content-Security-Policy `style-src 'self'` allows.
    package mutating func styleSheetLink(_ path: StaticString) {
        raw("<link rel=\"stylesheet\" href=\"")
        raw(path)
        raw("\">")
    }

    /// Ends the head and opens `<body>`.
    package mutating func startBody() {
        guard !inBody else { return }
        raw("</head><body>")
        inBody = true
    }

    /// An element and its content: `<TAG a="v" …>`, what `content` writes, then `</TAG>`.
    /// Names come from code; values are escaped.
    ///
    /// ```swift
    /// html.element("p", attributes: ["class": "note"]) { html in
    ///     html.text("Read the ")
    ///     html.element("a", text: "guide", attributes: ["href": "/guide"])
    /// }
    /// ```
    package mutating func element(_ tag: StaticString, attributes: HTMLAttributes = [:], _ content: (inout HTMLDocument) -> Void) {
        startTag(tag, attributes)
        content(&self)
        endTag(tag)
    }

    /// An element holding only text: `<TAG …>TEXT</TAG>`.
    package mutating func element(_ tag: StaticString, text value: String, attributes: HTMLAttributes = [:]) {
        startTag(tag, attributes)
        text(value)
        endTag(tag)
    }

    /// A void element: its start tag `<TAG a="v" …>` alone, which HTML never closes.
    package mutating func void(_ element: HTMLVoidElement, attributes: HTMLAttributes = [:]) {
        startTag(element.tag, attributes)
    }

    /// A data table: `<table><caption>…</caption><thead><tr>` with a `<th scope="col">` per
    /// heading, then `<tbody>` holding what `rows` writes (its `<tr>` elements), then
    /// `</tbody></table>`.
    package mutating func table(caption: String, headings: [String], _ rows: (inout HTMLDocument) -> Void) {
        element("table") { html in
            html.element("caption", text: caption)
            html.element("thead") { html in
                html.element("tr") { html in
                    for heading in headings { html.element("th", text: heading, attributes: ["scope": "col"]) }
                }
            }
            html.element("tbody", rows)
        }
    }

    /// `<a href="URL" …>TEXT</a>` when the URL's scheme is http, https or one of `schemes`.
    /// - Returns: whether it was written (nothing is written for any other URL).
    @discardableResult
    package mutating func anchor(_ label: String, href: String, schemes: [String] = [], attributes: HTMLAttributes = [:]) -> Bool {
        guard Self.allows(href, schemes: Self.webSchemes) || Self.allows(href, schemes: schemes) else { return false }
        raw("<a href=\"")
        attributeValue(href)
        byte("\"")
        write(attributes)
        byte(">")
        text(label)
        raw("</a>")
        return true
    }

    /// `<img src="URL" alt="TEXT" …>` when the URL is https (an image the page's
    /// Content-Security-Policy allows by its origin).
    package mutating func image(_ url: String, alternative: String, attributes: HTMLAttributes = [:]) {
        guard Self.allows(url, schemes: ["https"]) else { return }
        raw("<img src=\"")
        attributeValue(url)
        raw("\" alt=\"")
        attributeValue(alternative)
        byte("\"")
        write(attributes)
        byte(">")
    }

    /// `<figure class="qr">` with the code's SVG inline and `caption` under it. The SVG is
    /// `QRCode.svg()`'s, written from the modules alone: no value reaches it as text, and it
    /// has no script or style, so the page's Content-Security-Policy needs nothing for it.
    package mutating func qrCode(_ code: QRCode, caption: String) {
        raw("<figure class=\"qr\">")
        raw(code.svg())
        element("figcaption", text: caption)
        raw("</figure>")
    }

    /// `<script>SOURCE</script>`: a constant from code, allowed by its hash in the page's
    /// Content-Security-Policy (`styleSource(_:)` makes the hash of any inline source).
    package mutating func script(_ source: String) {
        raw("<script>")
        raw(source)
        raw("</script>")
    }

    /// Text content, escaped.
    package mutating func text(_ value: String) {
        escape(value, quotes: false)
    }

    /// Writes `fragment`'s content (a `fragment()`) here.
    package mutating func append(_ fragment: HTMLDocument) {
        assert(fragment.isFragment, "append(_:) takes a fragment(), not a whole document")
        bytes.append(contentsOf: fragment.bytes)
    }

    /// Closes the body and the document and returns its bytes (a fragment's are its content alone).
    package consuming func finish() -> [UInt8] {
        guard !isFragment else { return bytes }
        startBody()
        raw("</body></html>\n")
        return bytes
    }

    /// Whether `url` has a scheme in `schemes` (compared in lower case) and nothing a browser
    /// would strip or reinterpret: no space, no control character, no `\`. A URL without a
    /// scheme (`//host`, `/path`) is refused: every URL written here is absolute.
    package static func allows(_ url: String, schemes: [String]) -> Bool {
        var scheme: [UInt8] = []
        var sawColon = false
        for byte in url.utf8 {
            if byte <= 0x20 || byte == 0x7f || byte == UInt8(ascii: "\\") { return false }
            guard !sawColon else { continue }
            if byte == UInt8(ascii: ":") {
                sawColon = true
                continue
            }
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            let isOther = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            // RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
            guard isLetter || (!scheme.isEmpty && isOther) else { return false }
            scheme.append(isLetter ? lower : byte)
        }
        guard sawColon, !scheme.isEmpty else { return false }
        return schemes.contains { $0.utf8.elementsEqual(scheme) }
    }

    /// The CSP source that allows `styleSheet` inline: `'sha256-BASE64'` (CSP Level 3 §8.4).
    package static func styleSource(_ styleSheet: String) -> String {
        "'sha256-" + Data(SHA256.hash(Array(styleSheet.utf8))).base64EncodedString() + "'"
    }

    // MARK: - Writing

    /// `<TAG a="v" …>`: the one writer of start tags, whose end tag `element` writes.
    private mutating func startTag(_ tag: StaticString, _ attributes: HTMLAttributes) {
        byte("<")
        raw(tag)
        write(attributes)
        byte(">")
    }

    private mutating func endTag(_ tag: StaticString) {
        raw("</")
        raw(tag)
        byte(">")
    }

    /// ` NAME="VALUE"`, the value escaped.
    private mutating func attribute(_ name: StaticString, _ value: String) {
        byte(" ")
        raw(name)
        raw("=\"")
        attributeValue(value)
        byte("\"")
    }

    private mutating func write(_ attributes: HTMLAttributes) {
        for (name, value) in attributes.pairs { attribute(name, value) }
    }

    /// One ASCII character: cheaper than a one-byte `raw`, and start and end tags write many.
    private mutating func byte(_ character: Unicode.Scalar) {
        bytes.append(UInt8(ascii: character))
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func attributeValue(_ value: String) {
        escape(value, quotes: true)
    }

    private mutating func escape(_ value: String, quotes: Bool) {
        HTMLEscaping.append(value, inAttribute: quotes, to: &bytes)
    }
}
