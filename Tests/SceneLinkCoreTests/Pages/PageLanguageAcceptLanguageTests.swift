import Testing
@testable import SceneLinkCore

/// `Accept-Language` as current browsers send it, and the page language each gets.
@Suite struct PageLanguageAcceptLanguageTests {
    /// Real fields: Chrome, Edge, Firefox and Safari on desktops and phones in each language's
    /// usual setting (Chrome sends the region then the language; Safari the region only).
    static let browsers: [(field: String, expected: PageLanguage)] = [
        ("en-US,en;q=0.9", .en),                                   // Chrome, US
        ("en-GB,en-US;q=0.9,en;q=0.8", .en),                       // Chrome, UK
        ("en-US,en;q=0.5", .en),                                   // Firefox, US
        ("en-US", .en),                                            // Safari on iPhone, US
        ("ja,en-US;q=0.9,en;q=0.8", .ja),                          // Chrome, Japanese UI
        ("ja-JP", .ja),                                            // Safari on iPhone, Japan
        ("ja-JP,ja;q=0.9", .ja),                                   // Safari on macOS, Japan
        ("ja,en-US;q=0.7,en;q=0.3", .ja),                          // Firefox, Japanese
        ("zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7", .zhHant),          // Chrome, Taiwan
        ("zh-HK,zh-TW;q=0.9,zh;q=0.8,en;q=0.7", .zhHant),          // Chrome, Hong Kong
        ("zh-Hant-TW", .zhHant),                                   // Safari, Traditional Chinese
        ("zh-CN,zh;q=0.9", .zhHans),                               // Chrome, mainland China
        ("zh-CN,zh;q=0.8,zh-TW;q=0.7,zh-HK;q=0.5,en-US;q=0.3,en;q=0.2", .zhHans), // Firefox, China
        ("zh-SG,zh;q=0.9,en;q=0.8", .zhHans),                      // Chrome, Singapore
        ("zh-Hans-CN", .zhHans),                                   // Safari, Simplified Chinese
        ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", .ko),              // Chrome, Korea
        ("es-ES,es;q=0.9", .es),                                   // Chrome, Spain
        ("es-419,es;q=0.9,en;q=0.8", .es),                         // Chrome, Latin America
        ("es-MX", .es),                                            // Safari on iPhone, Mexico
        ("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", .fr),              // Chrome, France
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", .fr),     // MDN's example, with spaces
        ("fr-CA,fr;q=0.8,en-US;q=0.5,en;q=0.3", .fr),              // Firefox, Quebec
        ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", .de),              // Chrome, Germany
        ("de-AT,de;q=0.8,en-US;q=0.5,en;q=0.3", .de),              // Firefox, Austria
        ("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7", .ptBR),            // Chrome, Brazil
        ("pt-PT,pt;q=0.9,en;q=0.8", .ptBR),                        // Chrome, Portugal: the one Portuguese
        ("it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7", .it),              // Chrome, Italy
        ("nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7", .en),              // Dutch, then English
        ("ru-RU,ru;q=0.9,ja;q=0.8", .ja),                          // Russian, then Japanese
        ("sv-SE,sv;q=0.9", .en),                                   // nothing the pages speak: the default
    ]

    @Test(arguments: browsers)
    func browserFieldsGetTheirLanguage(field: String, expected: PageLanguage) {
        #expect(PageLanguage.negotiate(field, default: .en) == expected)
    }

    @Test func noFieldOrNothingSpokenIsTheDefault() {
        #expect(PageLanguage.negotiate(nil, default: .ja) == .ja)
        #expect(PageLanguage.negotiate("", default: .ja) == .ja)
        #expect(PageLanguage.negotiate("sv-SE,sv;q=0.9", default: .de) == .de)
        #expect(PageLanguage.negotiate("*", default: .ko) == .ko)
    }

    @Test func weightsOrderRangesAndTheEarlierWinsATie() {
        #expect(PageLanguage.negotiate("en;q=0.5,ja;q=0.8", default: .en) == .ja)
        #expect(PageLanguage.negotiate("de;q=0.7,fr;q=0.7", default: .en) == .de)
        #expect(PageLanguage.negotiate("fr;q=0.001,sv", default: .en) == .fr)
        #expect(PageLanguage.negotiate("ja;q=1.000,en", default: .en) == .ja)
        #expect(PageLanguage.negotiate("sv,*;q=0.1,ja;q=0.05", default: .ko) == .ko)
    }

    @Test func zeroWeightExcludesARange() {
        #expect(PageLanguage.negotiate("ja;q=0,fr;q=0.1", default: .en) == .fr)
        #expect(PageLanguage.negotiate("ja;q=0.000", default: .en) == .en)
    }

    @Test func malformedMembersAreIgnored() {
        #expect(PageLanguage.negotiate("ja;q=2,fr", default: .en) == .fr)        // qvalue above 1
        #expect(PageLanguage.negotiate("ja;q=0.1234,fr;q=0.1", default: .en) == .fr) // four decimals
        #expect(PageLanguage.negotiate("ja;level=1,de;q=0.2", default: .en) == .de)  // not a weight
        #expect(PageLanguage.negotiate("ja-;q=1,ko;q=0.3", default: .en) == .ko)    // empty subtag
        #expect(PageLanguage.negotiate("1a,es;q=0.3", default: .en) == .es)          // digit first
        #expect(PageLanguage.negotiate("toolongtag-x,it;q=0.4", default: .en) == .it) // 11 letters
        #expect(PageLanguage.negotiate("ja fr", default: .en) == .en)                 // no comma
        #expect(PageLanguage.negotiate("<script>,;;,,=", default: .ja) == .ja)
        #expect(PageLanguage.negotiate("ja;q=1.5", default: .en) == .en)
        #expect(PageLanguage.negotiate("ja;q=", default: .en) == .en)
    }

    @Test func caseAndWhitespaceDoNotMatter() {
        #expect(PageLanguage.negotiate("  ZH-tw ;  Q=0.9 , en ; q=0.1", default: .en) == .zhHant)
        #expect(PageLanguage.negotiate("JA\t,en", default: .en) == .ja)
    }

    @Test func lookupMapsTagsToThePagesLanguages() {
        #expect(PageLanguage.lookup("ja-JP") == .ja)
        #expect(PageLanguage.lookup("zh-MO") == .zhHant)
        #expect(PageLanguage.lookup("zh") == .zhHans)
        #expect(PageLanguage.lookup("pt") == .ptBR)
        #expect(PageLanguage.lookup("*") == nil)
        #expect(PageLanguage.lookup("sv") == nil)
        #expect(PageLanguage(tag: "zh-hant") == .zhHant)
        #expect(PageLanguage(tag: "ja-JP") == nil)
        #expect(PageLanguage.allCases.enumerated().allSatisfy { $0.offset == $0.element.index })
    }
}
