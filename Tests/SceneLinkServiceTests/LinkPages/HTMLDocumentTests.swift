import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

@Suite struct HTMLDocumentTests {
    private func html(_ build: (inout HTMLDocument) -> Void) -> String {
        var document = HTMLDocument(title: "T")
        build(&document)
        return String(decoding: document.finish(), as: UTF8.self)
    }

    @Test func writesAWholeDocumentWithTheHeadBeforeTheBody() {
        var document = HTMLDocument(title: "Recipe 42 · Recipes", styleSheet: "p{margin:0}")
        document.meta(name: "description", content: "Soup")
        document.startBody()
        document.element("h1", text: "Recipe 42")
        #expect(String(decoding: document.finish(), as: UTF8.self) == """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">\
            <title>Recipe 42 · Recipes</title><style>p{margin:0}</style><meta name="description" content="Soup"></head>\
            <body><h1>Recipe 42</h1></body></html>

            """)
    }

    @Test func escapesTextSoMarkupStaysText() {
        let page = html { $0.startBody(); $0.element("p", text: #""><script>alert(1)</script>&'"#) }
        #expect(page.contains(#"<p>"&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;'</p>"#))
        #expect(!page.contains("<script"))
    }

    @Test func escapesAttributeValuesIncludingBothQuotes() {
        let page = html { $0.meta(property: "og:title", content: #"a" onload="x' <b>&"#) }
        #expect(page.contains(#"<meta property="og:title" content="a&quot; onload=&quot;x&#39; &lt;b&gt;&amp;">"#))
    }

    @Test func theTitleIsEscapedToo() {
        let document = HTMLDocument(title: "</title><script>")
        let page = String(decoding: document.finish(), as: UTF8.self)
        #expect(page.contains("<title>&lt;/title&gt;&lt;script&gt;</title>"))
    }

    @Test func controlCharactersBecomeReplacementCharacters() {
        let page = html { $0.startBody(); $0.text("a\u{0}b\u{1b}c\td\ne") }
        #expect(page.contains("a\u{FFFD}b\u{FFFD}c\td\ne"))
    }

    @Test func linksOnlyToWebURLsAndTheNamedSchemes() {
        let page = html { document in
            document.startBody()
            let web = document.anchor("web", href: "https://example.com/a?b=1&c=2")
            let app = document.anchor("app", href: "Recipes://recipes/42", schemes: ["recipes"])
            #expect(web && app)
            for hostile in ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", " javascript:x",
                            "data:text/html,<script>", "vbscript:x", "//evil.example.com/", "/relative",
                            "https://a b", "other://x", "https:\\\\evil", ""] {
                let written = document.anchor("bad", href: hostile, schemes: ["recipes"])
                #expect(!written, "\(hostile)")
            }
        }
        #expect(page.contains(#"<a href="https://example.com/a?b=1&amp;c=2">web</a>"#))
        #expect(page.contains(#"<a href="Recipes://recipes/42">app</a>"#))
        #expect(!page.contains("bad"))
    }

    @Test func urlMetaTagsAndTheCanonicalLinkTakeOnlyWebURLs() {
        let page = html { document in
            let https = document.metaURL("og:image", url: "https://img.example.com/1.png")
            let http = document.metaURL("twitter:image", url: "http://img.example.com/2.png")
            let script = document.metaURL("og:image", url: "javascript:alert(1)")
            #expect(https && http && !script)
            document.canonical("r://not-web")
            document.canonical("https://r.example.com/x")
        }
        #expect(page.contains(#"<meta property="og:image" content="https://img.example.com/1.png">"#))
        #expect(page.contains(#"<meta name="twitter:image" content="http://img.example.com/2.png">"#))
        #expect(!page.contains("javascript") && !page.contains("r://"))
        #expect(page.contains(#"<link rel="canonical" href="https://r.example.com/x">"#))
    }

    @Test func theStyleSourceIsTheBase64SHA256OfTheSheet() {
        // printf '' | openssl dgst -sha256 -binary | base64
        #expect(HTMLDocument.styleSource("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
    }

    // MARK: - Elements balance by construction

    @Test func nestedElementsCloseInTheReverseOrderTheyOpened() {
        let page = html { document in
            document.startBody()
            document.element("main") { html in
                html.element("section", attributes: ["class": "claim"]) { html in
                    html.element("p") { html in
                        html.text("Code: ")
                        html.element("strong", text: "ABCD")
                    }
                }
                html.element("p", text: "after")
            }
        }
        #expect(page.contains(#"<body><main><section class="claim"><p>Code: <strong>ABCD</strong></p></section><p>after</p></main></body>"#))
        #expect(HTMLTagBalance.problem(in: page) == nil)
    }

    @Test func anElementWhoseContentWritesNothingStillGetsItsEndTag() {
        let page = html { document in
            document.startBody()
            document.element("line", attributes: ["x1": "0", "y1": "140"]) { _ in }
        }
        #expect(page.contains(#"<line x1="0" y1="140"></line>"#))
    }

    @Test func contentThatReturnsEarlyStillClosesItsElement() {
        let resolved = false
        let page = html { document in
            document.startBody()
            document.element("section") { html in
                html.element("h3", text: "Result")
                guard resolved else { return html.element("p", text: "It does not resolve.") }
                html.element("dl") { _ in }
            }
            document.element("p", text: "next")
        }
        #expect(page.contains("<section><h3>Result</h3><p>It does not resolve.</p></section><p>next</p>"))
        #expect(HTMLTagBalance.problem(in: page) == nil)
    }

    @Test func voidElementsHaveAStartTagAndNoEndTag() {
        let page = html { document in
            document.startBody()
            document.element("form", attributes: ["method": "post"]) { html in
                html.void(.input, attributes: ["type": "hidden", "name": "csrf", "value": "t"])
                html.void(.br)
                html.image("https://img.example.com/logo.png", alternative: "Logo", attributes: ["class": "logo"])
            }
        }
        #expect(page.contains(#"<form method="post"><input type="hidden" name="csrf" value="t"><br>"#
                              + #"<img src="https://img.example.com/logo.png" alt="Logo" class="logo"></form>"#))
        for element in [HTMLVoidElement.input, .br, .img] {
            #expect(!page.contains("</\(element.tag)>"))
        }
        #expect(HTMLTagBalance.problem(in: page) == nil)
    }

    @Test func aTableHasItsCaptionColumnHeadingsAndRowsInItsBody() {
        let page = html { document in
            document.startBody()
            document.table(caption: "Links <all>", headings: ["Code", "Visits"]) { html in
                html.element("tr") { html in
                    html.element("th", text: "abc", attributes: ["scope": "row"])
                    html.element("td", text: "3")
                }
            }
        }
        #expect(page.contains("<table><caption>Links &lt;all&gt;</caption><thead><tr><th scope=\"col\">Code</th>"
                              + "<th scope=\"col\">Visits</th></tr></thead><tbody><tr><th scope=\"row\">abc</th><td>3</td></tr>"
                              + "</tbody></table>"))
        #expect(HTMLTagBalance.problem(in: page) == nil)
    }

    @Test func valuesAreEscapedInTextAndInAttributesOfScopedElements() {
        let hostile = #"</p><script>x("1")</script>&'"#
        let page = html { document in
            document.startBody()
            document.element("p", attributes: ["title": hostile, "data-x": "plain"]) { html in
                html.text(hostile)
            }
            document.void(.input, attributes: ["value": hostile])
        }
        #expect(page.contains(#"<p title="&lt;/p&gt;&lt;script&gt;x(&quot;1&quot;)&lt;/script&gt;&amp;&#39;" data-x="plain">"#
                              + #"&lt;/p&gt;&lt;script&gt;x("1")&lt;/script&gt;&amp;'</p>"#))
        #expect(page.contains(#"<input value="&lt;/p&gt;&lt;script&gt;x(&quot;1&quot;)&lt;/script&gt;&amp;&#39;">"#))
        #expect(!page.contains("<script"))
        #expect(HTMLTagBalance.problem(in: page) == nil)
    }

    @Test func anAnchorWritesHrefBeforeTheOtherAttributes() {
        let page = html { document in
            document.startBody()
            document.anchor("Open", href: "https://example.com/?a=1&b=2", attributes: ["class": "open", "id": "open"])
        }
        #expect(page.contains(#"<a href="https://example.com/?a=1&amp;b=2" class="open" id="open">Open</a>"#))
    }

    @Test func aFragmentIsContentAloneAndLandsWhereItIsAppended() {
        var fragment = HTMLDocument.fragment()
        fragment.element("p") { html in html.element("a", text: "Home", attributes: ["href": "/"]) }
        let page = html { document in
            document.startBody()
            document.element("main", attributes: ["id": "main"]) { html in
                html.element("h1", text: "Title")
                html.append(fragment)
            }
        }
        #expect(page.contains(#"<body><main id="main"><h1>Title</h1><p><a href="/">Home</a></p></main></body></html>"#))
        #expect(String(decoding: fragment.finish(), as: UTF8.self) == #"<p><a href="/">Home</a></p>"#)
    }

    @Test func aWholeDocumentBalances() throws {
        let code = try QRCode(encoding: "https://example.com/")
        var document = HTMLDocument(title: "T", styleSheet: "p{margin:0}")
        document.meta(name: "description", content: "d")
        document.canonical("https://example.com/")
        document.startBody()
        document.element("main") { html in
            html.qrCode(code, caption: "Scan")
            html.script("void 0")
        }
        #expect(HTMLTagBalance.problem(in: String(decoding: document.finish(), as: UTF8.self)) == nil)
    }

    @Test func theBalanceCheckFindsWhatItLooksFor() {
        #expect(HTMLTagBalance.problem(in: "<main><p></main>") == "</main> closes <p>")
        #expect(HTMLTagBalance.problem(in: "<main>") == "<main> is never closed")
        #expect(HTMLTagBalance.problem(in: "</p>") == "</p> closes nothing")
        #expect(HTMLTagBalance.problem(in: "<!doctype html><p><input><br><svg><path d=\"M0\"/></svg></p>") == nil)
    }
}
