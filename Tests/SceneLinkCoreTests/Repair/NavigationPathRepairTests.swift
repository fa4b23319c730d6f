import Testing
@testable import SceneLinkCore

@Suite struct NavigationPathRepairTests {
    let table: RouteTable
    init() throws { table = try ExampleFiles.table("lists") }

    private func repair(_ text: String) -> NavigationPathRepair? { table.repair(navigationPath: Array(text.utf8)) }

    @Test func validPathIsKeptWhole() {
        let repaired = repair(#"["Sample.SecondItem","\"Item2\"","Sample.FirstItem","1"]"#)
        #expect(repaired == NavigationPathRepair(bytes: Array(#"["Sample.SecondItem","\"Item2\"","Sample.FirstItem","1"]"#.utf8),
                                                 kept: 2, dropped: 0))
    }

    @Test func staleTopIsDroppedAndTheRootSideKept() {
        // A renamed case (Item9) on top and an unknown type above it: both go.
        let repaired = repair(#"["Old.Type","1","Sample.SecondItem","\"Item9\"","Sample.FirstItem","2"]"#)
        #expect(repaired == NavigationPathRepair(bytes: Array(#"["Sample.FirstItem","2"]"#.utf8), kept: 1, dropped: 2))
    }

    @Test func aBadRootDropsEverything() {
        #expect(repair(#"["Sample.FirstItem","1","Sample.FirstItem","7"]"#)
            == NavigationPathRepair(bytes: Array("[]".utf8), kept: 0, dropped: 2))
    }

    @Test func notACodableRepresentationIsNil() {
        #expect(repair("[\"a\"]") == nil)
        #expect(repair("{}") == nil)
        #expect(repair("[1,2]") == nil)
        #expect(repair("not json") == nil)
    }
}
