import SceneLinkText
import Testing

@Suite struct HTMLEscapingTests {
    @Test func theFiveSignificantCharactersBecomeReferences() {
        #expect(HTMLEscaping.escape(#""><script>alert('1')</script>&"#)
            == "&quot;&gt;&lt;script&gt;alert(&#39;1&#39;)&lt;/script&gt;&amp;")
    }

    @Test func otherTextIsUnchanged() {
        #expect(HTMLEscaping.escape("Crème brûlée / 100%") == "Crème brûlée / 100%")
        #expect(HTMLEscaping.escape("") == "")
    }

    @Test func aNulBecomesTheReplacementCharacter() {
        #expect(HTMLEscaping.escape("a\u{0}b") == "a\u{FFFD}b")
    }
}
