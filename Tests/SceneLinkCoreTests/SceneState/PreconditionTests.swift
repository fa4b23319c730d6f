import SceneLinkCore
import Testing

@Suite struct PreconditionTests {
    let current = EntityTag.value(revision: 7)

    @Test func noneAlwaysHolds() {
        #expect(Precondition.none.isSatisfied(by: nil))
        #expect(Precondition.none.isSatisfied(by: current))
    }

    @Test func ifMatchNeedsAStrongMatchAndAValue() {
        #expect(Precondition.ifMatch([current]).isSatisfied(by: current))
        #expect(!Precondition.ifMatch([.value(revision: 6)]).isSatisfied(by: current))
        #expect(!Precondition.ifMatch([current]).isSatisfied(by: nil))
        // RFC 9110 §13.1.1: If-Match uses strong comparison, so a weak tag never matches.
        #expect(!Precondition.ifMatch([EntityTag(opaqueTag: "v7", isWeak: true)]).isSatisfied(by: current))
        #expect(Precondition.ifMatchAny.isSatisfied(by: current))
        #expect(!Precondition.ifMatchAny.isSatisfied(by: nil))
    }

    @Test func ifNoneMatchStarIsCreateOnly() {
        #expect(Precondition.ifNoneMatchAny.isSatisfied(by: nil))
        #expect(!Precondition.ifNoneMatchAny.isSatisfied(by: current))
    }

    @Test func ifNoneMatchTagsUseWeakComparison() {
        let weak = Precondition(ifNoneMatch: .tags([EntityTag(opaqueTag: "v7", isWeak: true)]))
        #expect(!weak.isSatisfied(by: current))
        #expect(weak.isSatisfied(by: .value(revision: 8)))
        #expect(weak.isSatisfied(by: nil))
    }
}
