import SceneLinkCore
import Testing

@Suite struct EntityTagConditionTests {
    @Test func parsesStarListsAndWeakTags() throws {
        #expect(try EntityTagCondition.parse([]) == nil)
        #expect(try EntityTagCondition.parse(["*"]) == .any)
        #expect(try EntityTagCondition.parse(["\"v1\""]) == .tags([EntityTag(opaqueTag: "v1")]))
        #expect(try EntityTagCondition.parse(["\"v1\", W/\"v2\"", "\"v3\""]) == .tags([
            EntityTag(opaqueTag: "v1"), EntityTag(opaqueTag: "v2", isWeak: true), EntityTag(opaqueTag: "v3"),
        ]))
    }

    @Test(arguments: ["v1", "\"v1", "*, \"v1\"", "\"a\"b", "", "\"sp ace\""])
    func refusesMalformedFields(field: String) {
        let error = #expect(throws: EntityTagConditionError.self) { try EntityTagCondition.parse([field]) }
        #expect(error?.description.contains("send the ETag exactly as it was received") == true)
    }

    @Test func headerValueRoundTrips() throws {
        let tag = EntityTag.value(revision: 42)
        #expect(tag.headerValue == "\"v42\"")
        #expect(try EntityTagCondition.parse([tag.headerValue]) == .tags([tag]))
        #expect(EntityTag.scene(revision: 42) != tag)
    }
}
