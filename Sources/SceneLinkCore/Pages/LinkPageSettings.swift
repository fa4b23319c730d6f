/// `app.pages`: how the route file's link pages look and which language they speak when the
/// visitor's `Accept-Language` names none of theirs.
public struct LinkPageSettings: Sendable, Equatable {
    /// `app.pages.defaultLanguage`: the language of `preview` and `app.name` as written, and
    /// of a page for a visitor (or link previewer) who asks for none the pages speak.
    public var defaultLanguage: PageLanguage
    /// `app.pages.theme`; nil for SceneLink's own look (light and dark).
    public var theme: PageTheme?

    public init(defaultLanguage: PageLanguage = .fallback, theme: PageTheme? = nil) {
        self.defaultLanguage = defaultLanguage
        self.theme = theme
    }
}
