import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkOperations
@testable import SceneLinkService

/// The link pages' built-in words: one file per language, every sentence in each.
@Suite struct LinkPageStringsTests {
    static let folder = SceneLinkApplicationTests.repositoryRoot.appendingPathComponent("Sources/SceneLinkOperations/LinkPages/Strings")

    /// `{name}` placeholders in order of appearance.
    private func placeholders(_ text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test func everyLanguageHasAFileAndNoOtherFileIsThere() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(PageLanguage.allCases.map { $0.tag + ".json" }))
    }

    @Test(arguments: PageLanguage.allCases)
    func everyLanguageHasEverySentenceWithItsPlaceholders(language: PageLanguage) throws {
        let sentences = try #require(LinkPageStrings.sentences(of: language.tag), "\(language.tag).json is not an object of strings")
        let keys = Set(LinkPageStringKey.allCases.map(\.rawValue))
        #expect(Set(sentences.keys).subtracting(keys).isEmpty, "\(language.tag) has sentences no page shows")
        for key in LinkPageStringKey.allCases {
            let sentence = try #require(sentences[key.rawValue], "\(language.tag) lacks \(key.rawValue)")
            #expect(!sentence.trimmingCharacters(in: .whitespaces).isEmpty, "\(language.tag).\(key.rawValue) is empty")
            #expect(placeholders(sentence).sorted() == key.placeholders.sorted(), "\(language.tag).\(key.rawValue): \(sentence)")
            #expect(!sentence.contains("<") && !sentence.contains("&"), "\(language.tag).\(key.rawValue) is text, not HTML")
        }
    }

    @Test func theBinaryCarriesTheFilesAsWritten() throws {
        for language in PageLanguage.allCases {
            let file = try String(contentsOf: Self.folder.appendingPathComponent(language.tag + ".json"), encoding: .utf8)
            let embedded = LinkPageStringsData.files.first { $0.tag == language.tag }?.json
            // The generator writes each file and a line break before its closing quotes.
            #expect(embedded.map { $0 + "\n" } == file, "run scripts/embed-page-strings.sh after editing \(language.tag).json")
        }
    }

    @Test func sentencesFillTheirPlaceholders() {
        #expect(LinkPageStrings.in(.ja).text(.getOnAppStore, app: "FuelMoney") == "App StoreでFuelMoneyを入手")
        #expect(LinkPageStrings.in(.de).text(.getOnGooglePlay, app: "FuelMoney") == "FuelMoney bei Google Play laden")
        #expect(LinkPageStrings.in(.en)[.openInApp] == "Open in the app")
        #expect(LinkPageStrings.in(.en).text(.shortLinkExpiredDetail, date: "2026-01-01T00:00:00Z")
            == "It worked until 2026-01-01T00:00:00Z; ask its sender for a new one.")
    }
}
