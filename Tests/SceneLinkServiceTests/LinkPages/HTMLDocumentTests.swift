import Testing
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
}
