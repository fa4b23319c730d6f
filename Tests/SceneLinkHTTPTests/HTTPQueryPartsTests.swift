import Testing
@testable import SceneLinkHTTP

@Suite struct HTTPQueryPartsTests {
    private func parts(_ query: String) -> [(name: String, value: String?)] {
        var query = query
        return query.withUTF8 { bytes in
            HTTPQueryParts(bytes).map { part in
                let (name, value) = HTTPQueryParts.nameAndValue(part)
                return (name: String(decoding: name, as: UTF8.self), value: value.map { String(decoding: $0, as: UTF8.self) })
            }
        }
    }

    @Test func skipsEmptyPartsAndSplitsAtTheFirstEquals() {
        let found = parts("&a=1&&b&c=x=y&=z&")
        #expect(found.map(\.name) == ["a", "b", "c", ""])
        #expect(found.map(\.value) == ["1", nil, "x=y", "z"])
        #expect(parts("").isEmpty)
        #expect(parts("&&&").isEmpty)
    }

    @Test func decodesOnceOrKeepsMalformedEscapesAsTheyAre() {
        var good = "a%20b%2541", bad = "a%zz"
        #expect(good.withUTF8 { HTTPQueryParts.decodedOrRaw($0) } == "a b%41")
        #expect(bad.withUTF8 { HTTPQueryParts.decodedOrRaw($0) } == "a%zz")
    }

    @Test func tellsWhetherAPartStartsWithAPrefix() {
        var query = "url=a&format=b&ur=c&u"
        let found = query.withUTF8 { bytes in
            HTTPQueryParts(bytes).map { (HTTPQueryParts.part($0, startsWith: "url="), HTTPQueryParts.part($0, startsWith: "format=")) }
        }
        #expect(found.map(\.0) == [true, false, false, false])
        #expect(found.map(\.1) == [false, true, false, false])
    }
}
