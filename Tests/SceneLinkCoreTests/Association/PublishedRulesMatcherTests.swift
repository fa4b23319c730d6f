import Testing
@testable import SceneLinkCore

/// The independent matcher follows the published examples of both platforms.
@Suite struct PublishedRulesMatcherTests {
    private func apple(_ components: String) throws -> PublishedRulesMatcher {
        let document = #"{"applinks":{"details":[{"appIDs":["A1B2C3D4E5.x"],"components":[\#(components)]}]}}"#
        return try #require(PublishedRulesMatcher(document: Array(document.utf8), platform: .apple))
    }

    @Test func wildcardsFollowApplesDefinitions() {
        #expect(PublishedRulesMatcher.glob("/help/*", "/help/", caseSensitive: true))
        #expect(PublishedRulesMatcher.glob("/help/*", "/help/website/search", caseSensitive: true))  // * spans '/'
        #expect(!PublishedRulesMatcher.glob("/help/?*", "/help/", caseSensitive: true))
        #expect(PublishedRulesMatcher.glob("/help/?*", "/help/a", caseSensitive: true))
        #expect(PublishedRulesMatcher.glob("????", "abcd", caseSensitive: true))
        #expect(!PublishedRulesMatcher.glob("????", "abcde", caseSensitive: true))
        #expect(!PublishedRulesMatcher.glob("/Help", "/help", caseSensitive: true))
        #expect(PublishedRulesMatcher.glob("/Help", "/help", caseSensitive: false))
    }

    @Test func theFirstMatchingComponentDecides() throws {
        let matcher = try apple(#"{"/":"/buy/secret/*","exclude":true},{"/":"/buy/*"}"#)
        #expect(matcher.claims("https://e.com/buy/shoes"))
        #expect(!matcher.claims("https://e.com/buy/secret/x"))
        #expect(!matcher.claims("https://e.com/sell"))
    }

    @Test func queryDictionariesTreatAbsentItemsAsEmpty() throws {
        let matcher = try apple(#"{"/":"/help/*","?":{"articleNumber":"????","articleName":"?*"}}"#)
        #expect(matcher.claims("https://e.com/help/x?articleNumber=1234&articleName=a"))
        #expect(!matcher.claims("https://e.com/help/x?articleNumber=1234"))
        #expect(!matcher.claims("https://e.com/help/x?articleNumber=12&articleName=a"))
        #expect(!matcher.claims("https://e.com/help/x?articleNumber=1234&articleName=a&articleNumber=1"))
    }

    @Test func percentEncodedFalseDecodesBeforeMatching() throws {
        #expect(try apple(#"{"/":"/a b","percentEncoded":false}"#).claims("https://e.com/a%20b"))
        #expect(try !apple(#"{"/":"/a b"}"#).claims("https://e.com/a%20b"))
    }
}
