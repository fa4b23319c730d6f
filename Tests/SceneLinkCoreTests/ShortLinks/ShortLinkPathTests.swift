import SceneLinkCore
import Testing

@Suite struct ShortLinkPathTests {
    @Test func aPrefixIsTheRootOrOneSegment() throws {
        #expect(try ShortLinkPath(parsing: "/") == .root)
        #expect(try ShortLinkPath(parsing: "/s/") == .standard)
        #expect(try ShortLinkPath(parsing: "/promo") == .segment("promo"))
        #expect(ShortLinkPath.segment("promo").prefix == "/promo/")
        #expect(ShortLinkPath.segment("promo").pattern == "/promo/{code}")
        #expect(ShortLinkPath.root.pattern == nil)
        for bad in ["", "s", "/a/b/", "/Promo/", "/v1/", "/console/", "/c/"] {
            #expect(throws: ShortLinkPathError.self) { try ShortLinkPath(parsing: bad) }
        }
    }

    static func table(_ path: ShortLinkPath) throws -> RouteTable {
        try RouteTable(routeFile: Array(BuiltInRoutes.fuelMoney.utf8), shortLinkPath: path)
    }

    @Test func atTheRootAOneSegmentLinkNoRouteTakesIsACode() throws {
        let table = try Self.table(.root)
        #expect(table.shortLinkCode(in: "https://fuelmoney.example.com/Ab3x") == "Ab3x")
        #expect(table.shortLinkCode(in: "https://fuelmoney.example.com/settings") == nil)
        #expect(table.shortLinkCode(in: "https://fuelmoney.example.com/s/Ab3x") == nil)
        #expect(table.shortLinkURL(of: try ShortCode("Ab3x")) == "https://fuelmoney.example.com/Ab3x")
        #expect(table.routeShadowing(code: try ShortCode("explain")) == "explain")
        #expect(table.routeShadowing(code: try ShortCode("Ab3x")) == nil)
    }

    @Test func underASegmentCodesFollowItAndNoRouteMayStartWithIt() throws {
        let promo = try Self.table(.segment("promo"))
        #expect(promo.shortLinkCode(in: "https://fuelmoney.example.com/promo/Ab3x") == "Ab3x")
        #expect(promo.shortLinkCode(in: "https://fuelmoney.example.com/s/Ab3x") == nil)
        #expect(promo.routeShadowing(code: try ShortCode("explain")) == nil)
        #expect(promo.routeUnderShortLinkPrefix == nil)
        #expect(try Self.table(.segment("settings")).routeUnderShortLinkPrefix == "settings")
    }

    @Test func theAssociationFilesClaimWhereTheLinksLive() throws {
        let root = try Self.table(.root).associationFiles.apple?.text ?? ""
        #expect(root.contains(#"{"/":"/?*""#))
        let promo = try Self.table(.segment("promo")).associationFiles.apple?.text ?? ""
        #expect(promo.contains(#"{"/":"/promo/?*""#))
        #expect(!promo.contains(#"{"/":"/s/?*""#))
    }
}
