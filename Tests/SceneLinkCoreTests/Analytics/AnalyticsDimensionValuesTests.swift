import SceneLinkCore
import Testing

@Suite struct AnalyticsDimensionValuesTests {
    @Test func aScopeKeepsItsFirst100ValuesOfADayByNameAndCountsTheRestAsOther() {
        var values = AnalyticsDimensionValues()
        for index in 0..<AnalyticsDimensionValues.perScopeDay {
            #expect(values.name("site\(index).example", scope: "all", day: 1, dimension: .referrer, count: 1) == "site\(index).example")
        }
        #expect(values.name("late.example", scope: "all", day: 1, dimension: .referrer, count: 3) == "(other)")
        #expect(values.folded == 3)
        // Kept names stay kept; another scope, day or dimension has its own 100.
        #expect(values.name("site7.example", scope: "all", day: 1, dimension: .referrer, count: 1) == "site7.example")
        #expect(values.name("late.example", scope: "link:spring", day: 1, dimension: .referrer, count: 1) == "late.example")
        #expect(values.name("late.example", scope: "all", day: 2, dimension: .referrer, count: 1) == "late.example")
        #expect(values.name("JP", scope: "all", day: 1, dimension: .country, count: 1) == "JP")
        // `(other)` itself is never a name that takes a place.
        #expect(values.name("(other)", scope: "all", day: 3, dimension: .referrer, count: 1) == "(other)")
        #expect(values.held == 103)
    }

    @Test func theBudgetBoundsNamesOverEveryScopeAndForgettingADayGivesItBack() {
        var values = AnalyticsDimensionValues(budget: 10)
        for scope in 0..<20 { _ = values.name("a.example", scope: "link:\(scope)", day: 1, dimension: .referrer, count: 1) }
        #expect(values.held == 10)
        #expect(values.name("a.example", scope: "link:15", day: 2, dimension: .referrer, count: 1) == "(other)")
        values.forget(before: 2)
        #expect(values.held == 0)
        #expect(values.name("a.example", scope: "link:15", day: 2, dimension: .referrer, count: 1) == "a.example")
    }
}
