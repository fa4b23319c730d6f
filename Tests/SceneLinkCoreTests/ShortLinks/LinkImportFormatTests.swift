import SceneLinkCore
import Testing

@Suite struct LinkImportFormatTests {
    @Test func firebaseColumnsAreKnownByTheirParameterWhateverTheirLabel() {
        let firebase = LinkImportFormat.firebase
        #expect(firebase.column(forHeader: "Deep link (link)") == .link)
        #expect(firebase.column(forHeader: "link") == .link)
        #expect(firebase.column(forHeader: "Short Dynamic Link") == .shortLink)
        #expect(firebase.column(forHeader: "iOS fallback link (ifl)") == .setting("fallbacks.ios"))
        #expect(firebase.column(forHeader: "efr") == .setting("skipPage"))
        #expect(firebase.column(forHeader: "UTM_Source") == .setting("campaign.utm_source"))
        #expect(firebase.column(forHeader: "Android package name (apn)") == .ignored)
        #expect(firebase.column(forHeader: "Clicks") == nil)
    }

    @Test func eachServiceNamesTheTargetAndTheCodeItsOwnWay() {
        #expect(LinkImportFormat.bitly.column(forHeader: "long_url") == .link)
        #expect(LinkImportFormat.bitly.column(forHeader: "link") == .shortLink)
        #expect(LinkImportFormat.shlink.column(forHeader: "Long URL") == .link)
        #expect(LinkImportFormat.shlink.column(forHeader: "shortCode") == .code)
        #expect(LinkImportFormat.yourls.column(forHeader: "keyword") == .code)
        #expect(LinkImportFormat.yourls.column(forHeader: "url") == .link)
        #expect(LinkImportFormat.csv.column(forHeader: "url") == .shortLink)
        #expect(LinkImportFormat.csv.column(forHeader: "fallbacks.ipad") == .setting("fallbacks.ipad"))
    }

    @Test func everyColumnTheExportWritesIsOneTheCSVImportReads() {
        for header in LinkImportColumn.exportHeaders {
            #expect(LinkImportFormat.csv.column(forHeader: header) != nil, "\(header)")
        }
    }

    @Test func aServicesOwnColumnsAreReadPastButSceneLinksCSVRefusesAnUnknownOne() throws {
        var table = try ShortLinkImportTable(Array("keyword,url,ip\nyo,fuelmoney://settings,127.0.0.1\n".utf8), format: .yourls)
        #expect(table.ignoredColumns == ["ip"])
        #expect(try table.next() == ShortLinkImportRow(row: 2, link: "fuelmoney://settings", alias: "yo"))
        #expect(try table.next() == nil)
        #expect(throws: ShortLinkImportError.unknownColumn("ip", .csv)) {
            try ShortLinkImportTable(Array("link,ip\nx,y\n".utf8), format: .csv)
        }
        #expect(throws: ShortLinkImportError.noLinkColumn(.bitly)) {
            try ShortLinkImportTable(Array("keyword,url\nx,y\n".utf8), format: .bitly)
        }
    }

    @Test func settingCellsAreKeptByTheirPathAndEmptyOnesLeftOut() throws {
        let rows = try ShortLinkImportTable.rows(Array("link,st,ifl,efr\nfuelmoney://settings,Card,,1\n".utf8), format: .firebase)
        #expect(rows[0].settings == ["preview.title": "Card", "skipPage": "1"])
    }

    @Test func anotherServicesTagsAreMadeTagsAndArchivedRowsAreKnown() {
        #expect(ShortLinkTag.imported("Spring Sale!")?.rawValue == "spring-sale")
        #expect(ShortLinkTag.imported("--A__b--")?.rawValue == "a__b")
        #expect(ShortLinkTag.imported("!!!") == nil)
        #expect(ShortLinkTag.imported(String(repeating: "a", count: 39) + " b")?.rawValue == String(repeating: "a", count: 39))
        #expect(ShortLinkImportRow(row: 2, archived: " TRUE").isArchived)
        #expect(!ShortLinkImportRow(row: 2, archived: "false").isArchived)
        #expect(ShortLinkImportRow(row: 2, tags: "a|b, c;d e").tagWords == ["a", "b", "c", "d", "e"])
    }
}
