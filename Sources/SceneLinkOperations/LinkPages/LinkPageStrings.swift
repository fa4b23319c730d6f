import Foundation
import SceneLinkCore

/// The words a link page says itself, in one language: every sentence of the link page, the
/// claim page, `/c/TOKEN` and the notices. The team translates only its previews; these come
/// built in for every `PageLanguage`.
///
/// The sentences are data, one JSON file per language in `LinkPages/Strings/` (`{"openInApp":
/// "アプリで開く", …}`), embedded in the binary by `scripts/embed-page-strings.sh`
/// (`LinkPageStringsData`), so a static binary needs no file or resource bundle beside it.
/// They are read once, at first use; a test checks that every language has every sentence
/// with its placeholders, and a sentence missing all the same is the English one.
///
/// Sentences are plain text: `HTMLDocument` escapes them, and the values put in
/// (`{app}`, `{date}`) are put in as text before that.
///
/// ```swift
/// let strings = LinkPageStrings.in(.ja)
/// strings[.openInApp]                          // "アプリで開く"
/// strings.text(.getOnAppStore, app: "FuelMoney")   // "App StoreでFuelMoneyを入手"
/// ```
package struct LinkPageStrings: Sendable {
    /// By `LinkPageStringKey.allCases` position.
    private let sentences: [String]

    /// The strings of `language`.
    package static func `in`(_ language: PageLanguage) -> LinkPageStrings { all[language.index] }

    /// Every language's, in `PageLanguage.allCases` order.
    package static let all: [LinkPageStrings] = {
        let english = sentences(of: PageLanguage.en.tag) ?? [:]
        return PageLanguage.allCases.map { language in
            let own = sentences(of: language.tag) ?? [:]
            return LinkPageStrings(sentences: LinkPageStringKey.allCases.map { own[$0.rawValue] ?? english[$0.rawValue] ?? $0.rawValue })
        }
    }()

    /// The sentences of one language's file by key: nil when there is no file or it is not an
    /// object of strings.
    package static func sentences(of tag: String) -> [String: String]? {
        guard let file = LinkPageStringsData.files.first(where: { $0.tag == tag }),
              let members = (try? JSONParser.parse(file.json))?.objectMembers else { return nil }
        var sentences: [String: String] = [:]
        for member in members {
            guard let text = member.value.stringValue else { return nil }
            sentences[member.key] = text
        }
        return sentences
    }

    /// The sentence, placeholders and all.
    package subscript(key: LinkPageStringKey) -> String {
        sentences[key.index]
    }

    /// The sentence with `{app}` and `{date}` replaced.
    package func text(_ key: LinkPageStringKey, app: String = "", date: String = "") -> String {
        var sentence = self[key]
        if sentence.contains("{app}") { sentence = sentence.replacingOccurrences(of: "{app}", with: app) }
        if sentence.contains("{date}") { sentence = sentence.replacingOccurrences(of: "{date}", with: date) }
        return sentence
    }
}
