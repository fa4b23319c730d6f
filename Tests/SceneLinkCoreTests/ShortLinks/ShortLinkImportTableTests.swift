import SceneLinkCore
import Testing

@Suite struct ShortLinkImportTableTests {
    static func rows(_ text: String, maximumRows: Int = 10) throws(ShortLinkImportError) -> [ShortLinkImportRow] {
        try ShortLinkImportTable.rows(Array(text.utf8), maximumRows: maximumRows)
    }

    @Test func columnsAreFoundByTheHeaderInAnyOrderAndCase() throws {
        let rows = try Self.rows("Title, link ,TAGS\r\n\"Sale, 50%\",fuelmoney://settings,a;b c\r\n")
        #expect(rows == [ShortLinkImportRow(row: 2, link: "fuelmoney://settings", tags: "a;b c", title: "Sale, 50%")])
        #expect(rows[0].tagWords == ["a", "b", "c"])
        #expect(rows[0].alias == nil)
    }

    @Test func blankLinesAreSkippedAndRowsKeepTheirNumbers() throws {
        let rows = try Self.rows("link,alias\n\nx,a\n\ny,\n")
        #expect(rows.map(\.row) == [3, 5])
        #expect(rows.map(\.alias) == ["a", ""])
    }

    @Test func aRowWithAnotherNumberOfCellsHasAFaultOfItsOwn() throws {
        let rows = try Self.rows("link,alias\nx\ny,b\n")
        #expect(rows[0].fault == "The row has 1 cells and the header 2; give every row one cell per column (an empty cell for a value left out).")
        #expect(rows[0].link == nil)
        #expect(rows[1].fault == nil)
    }

    @Test("a file that cannot be read as a whole is refused with one sentence", arguments: [
        ("", ShortLinkImportError.noHeader(.csv)),
        ("alias,title\nx,y", .noLinkColumn(.csv)),
        ("link,slug\nx,y", .unknownColumn("slug", .csv)),
        ("link,Link\nx,y", .repeatedColumn("Link")),
        ("link\n\"x", .csv(CSVReaderError(row: 2, column: 1, reason: .unclosedQuote))),
    ])
    func refusedFiles(text: String, error: ShortLinkImportError) {
        #expect(throws: error) { try Self.rows(text) }
    }

    @Test func moreRowsThanAllowedAreRefusedWithTheLimit() throws {
        #expect(try Self.rows("link\na\nb\n", maximumRows: 2).count == 2)
        #expect(throws: ShortLinkImportError.tooManyRows(maximum: 2)) { try Self.rows("link\na\nb\nc\n", maximumRows: 2) }
        #expect(ShortLinkImportError.tooManyRows(maximum: 10_000).description
            == "The CSV has more than 10000 rows after the header; split it into imports of at most 10000 rows.")
    }
}
