import SceneLinkCore
import Testing

@Suite struct CSVReaderTests {
    static func read(_ text: String, maximumRecords: Int = 100) throws(CSVReaderError) -> [[String]] {
        try CSVReader.records(Array(text.utf8), maximumRecords: maximumRecords)
    }

    @Test func recordsEndWithCRLFOrLFAndTheLastLineEndIsOptional() throws {
        #expect(try Self.read("a,b\r\nc,d\r\n") == [["a", "b"], ["c", "d"]])
        #expect(try Self.read("a,b\nc,d") == [["a", "b"], ["c", "d"]])
        #expect(try Self.read("a,b\n\n") == [["a", "b"]])
        #expect(try Self.read("a,b\n\n\n") == [["a", "b"], [""]])
        #expect(try Self.read("") == [])
        #expect(try Self.read("\r\n") == [])
    }

    @Test func emptyFieldsAreKept() throws {
        #expect(try Self.read(",,\n") == [["", "", ""]])
        #expect(try Self.read("a,\"\",c") == [["a", "", "c"]])
    }

    @Test func quotedFieldsHoldSeparatorsLineBreaksAndDoubledQuotes() throws {
        #expect(try Self.read("\"a,b\",\"say \"\"hi\"\"\"\r\n") == [["a,b", "say \"hi\""]])
        #expect(try Self.read("\"line one\r\nline two\",x\nnext,y") == [["line one\r\nline two", "x"], ["next", "y"]])
    }

    @Test func rowsCountRecordsNotLines() throws {
        var reader = CSVReader(Array("h\n\"a\nb\"\nc\n".utf8))
        _ = try reader.nextRecord()
        #expect(try reader.nextRecord() == ["a\nb"])
        #expect(reader.row == 2)
        #expect(try reader.nextRecord() == ["c"])
        #expect(reader.row == 3)
        #expect(try reader.nextRecord() == nil)
    }

    @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() throws {
        #expect(try CSVReader.records([0xEF, 0xBB, 0xBF] + Array("link\nx".utf8), maximumRecords: 10) == [["link"], ["x"]])
        #expect(try CSVReader.records(Array("a,\u{FEFF}b".utf8), maximumRecords: 10) == [["a", "\u{FEFF}b"]])
    }

    @Test func formulaLikeCellsAndSpacesAreDataAsWritten() throws {
        #expect(try Self.read("=SUM(A1:A2), +1 ,-2,@cmd") == [["=SUM(A1:A2)", " +1 ", "-2", "@cmd"]])
    }

    @Test("malformed text is refused with its row, column and fix", arguments: [
        ("a\n\"open", CSVReaderError(row: 2, column: 1, reason: .unclosedQuote)),
        ("a,\"b\"c", CSVReaderError(row: 1, column: 2, reason: .textAfterClosingQuote)),
        ("x\na,b\"c\"", CSVReaderError(row: 2, column: 2, reason: .quoteInUnquotedField)),
        ("a\rb", CSVReaderError(row: 1, column: 1, reason: .bareCarriageReturn)),
    ])
    func malformedText(text: String, error: CSVReaderError) {
        #expect(throws: error) { try Self.read(text) }
    }

    @Test func invalidUTF8IsRefusedWithItsPlace() {
        #expect(throws: CSVReaderError(row: 1, column: 2, reason: .notUTF8)) {
            try CSVReader.records(Array("a,".utf8) + [0xFF], maximumRecords: 10)
        }
    }

    @Test func theRecordLimitIsEnforcedBeforeReadingFurther() throws {
        #expect(try Self.read("a\nb\n", maximumRecords: 2).count == 2)
        #expect(throws: CSVReaderError(row: 3, column: 1, reason: .tooManyRecords(maximum: 2))) {
            try Self.read("a\nb\nc\n", maximumRecords: 2)
        }
    }

    @Test func messagesSayWhereAndHowToFix() {
        #expect(CSVReaderError(row: 4, column: 2, reason: .quoteInUnquotedField).description
            == "Row 4, column 2: a quote inside a field that is not quoted; put the field in quotes and write the quote as \"\".")
        #expect(CSVReaderError(row: 2, column: 1, reason: .unclosedQuote).description
            == "Row 2, column 1: a quoted field is never closed; end it with \" and write a quote inside it as \"\".")
    }
}
