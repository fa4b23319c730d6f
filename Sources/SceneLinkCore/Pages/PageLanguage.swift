/// A language the link pages speak: each has the page's own words built in
/// (`LinkPageStrings` in SceneLinkService), and a route file may translate its previews and
/// the app's name into it (`"localized": {"ja": {…}}`).
///
/// The raw value is the BCP 47 tag the page declares (`<html lang>`, `Content-Language`) and
/// the route file's `localized` and `app.pages.defaultLanguage` name.
///
/// ```swift
/// PageLanguage(tag: "ja")                                     // .ja
/// PageLanguage.negotiate("ja-JP,ja;q=0.9,en;q=0.8", default: .en)   // .ja
/// ```
public enum PageLanguage: String, Sendable, CaseIterable, Hashable {
    case en
    case ja
    case zhHans = "zh-Hans"
    case zhHant = "zh-Hant"
    case ko
    case es
    case fr
    case de
    case ptBR = "pt-BR"
    case it

    /// The language when the route file names none (`app.pages.defaultLanguage`).
    public static let fallback = PageLanguage.en

    /// The language a route file's tag names exactly (case-insensitively, as BCP 47 tags
    /// compare): `"ja"`, `"zh-hant"`, `"pt-BR"`; nil for any other tag (`"ja-JP"`, `"pt"`).
    public init?(tag: String) {
        let lower = tag.lowercased()
        guard let language = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) else { return nil }
        self = language
    }

    /// The BCP 47 tag: `<html lang>` and `Content-Language`.
    public var tag: String { rawValue }

    /// The Open Graph locale (`og:locale`): language and territory joined by `_`.
    public var openGraphLocale: String {
        switch self {
        case .en: "en_US"
        case .ja: "ja_JP"
        case .zhHans: "zh_CN"
        case .zhHant: "zh_TW"
        case .ko: "ko_KR"
        case .es: "es_ES"
        case .fr: "fr_FR"
        case .de: "de_DE"
        case .ptBR: "pt_BR"
        case .it: "it_IT"
        }
    }

    /// The position in `allCases`: pages kept for every language are stored in this order.
    public var index: Int {
        switch self {
        case .en: 0
        case .ja: 1
        case .zhHans: 2
        case .zhHant: 3
        case .ko: 4
        case .es: 5
        case .fr: 6
        case .de: 7
        case .ptBR: 8
        case .it: 9
        }
    }
}
