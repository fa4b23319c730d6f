import Testing
import SceneLinkText

@Suite struct HTMLEscapingTests {
    private func escaped(_ text: String, inAttribute: Bool) -> String {
        var out: [UInt8] = []
        HTMLEscaping.append(text, inAttribute: inAttribute, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func anAttributeValueCanNeitherEndItsQuotesNorOpenATag() {
        #expect(escaped(#""><script>alert('1')</script>&"#, inAttribute: true)
                == "&quot;&gt;&lt;script&gt;alert(&#39;1&#39;)&lt;/script&gt;&amp;")
    }

    @Test func textKeepsQuotesButNotMarkup() {
        #expect(escaped(#"a "b" <i>'c'</i> & d"#, inAttribute: false) == #"a "b" &lt;i&gt;'c'&lt;/i&gt; &amp; d"#)
    }

    @Test func otherTextIsKeptByteForByte() {
        #expect(escaped("Crème brûlée / 100%", inAttribute: true) == "Crème brûlée / 100%")
        #expect(escaped("", inAttribute: false) == "")
        #expect(escaped("tab\tline\ncr\r", inAttribute: false) == "tab\tline\ncr\r")
    }

    @Test func controlCharactersBecomeTheReplacementCharacter() {
        #expect(escaped("a\u{0}b\u{7F}c\u{1B}", inAttribute: false) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    }

    @Test func escapesAtEitherEndAndBetweenMultibyteRunsLeaveTheRestIntact() {
        #expect(escaped("<é>", inAttribute: false) == "&lt;é&gt;")
        #expect(escaped("&&", inAttribute: true) == "&amp;&amp;")
        #expect(escaped("日本<語>'x'\u{0}", inAttribute: true) == "日本&lt;語&gt;&#39;x&#39;\u{FFFD}")
        var out = Array("kept:".utf8)
        HTMLEscaping.append("a&b", inAttribute: false, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "kept:a&amp;b")
    }
}
