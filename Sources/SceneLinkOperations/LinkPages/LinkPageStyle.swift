import SceneLinkCore

/// The style sheet of a route table's link pages and the Content-Security-Policy that allows
/// it: SceneLink's own look (light and dark), or the route file's `app.pages.theme`.
///
/// The style sheet is written inline in every page and allowed by its SHA-256 hash
/// (`HTMLDocument.styleSource(_:)`), computed here over the themed text itself, so a theme
/// never needs `'unsafe-inline'`. Colours reach the style sheet only as `PageColor.hex`
/// (`#` and six hex digits), so nothing a route file holds can end a rule or the `<style>`.
/// A theme's logo is an image from its origin alone: `img-src` names that origin.
///
/// ```swift
/// let style = LinkPageStyle(theme: table.pages.theme)
/// style.contentSecurityPolicy   // "default-src 'none'; img-src https://cdn.example.com; style-src 'sha256-…'; …"
/// ```
package struct LinkPageStyle: Sendable {
    /// The CSS of every page.
    package let styleSheet: String
    /// The policy of a page without a claim: no script.
    package let contentSecurityPolicy: String
    /// The policy of a page with a claim: the copy script too, by its hash.
    package let claimContentSecurityPolicy: String

    /// SceneLink's own look.
    package static let standard = LinkPageStyle(theme: nil)

    package init(theme: PageTheme?) {
        styleSheet = theme.map(Self.styleSheet(theme:)) ?? Self.standardStyleSheet
        let images = theme?.logoOrigin ?? "https:"
        let policy = "default-src 'none'; img-src " + images + "; style-src " + HTMLDocument.styleSource(styleSheet)
        let rest = "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        contentSecurityPolicy = policy + rest
        claimContentSecurityPolicy = policy + "; script-src " + HTMLDocument.styleSource(LinkPage.claimScript) + rest
    }

    /// One card, centred; light and dark; Japanese lines broken between phrases, not inside
    /// words (Chrome's `auto-phrase`; other browsers break as before). Every pair of colours meets WCAG 2 AA (4.5:1; the open
    /// button's white on #0071e3 is 4.7:1).
    package static let standardStyleSheet = """
        :root{color-scheme:light dark;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}\
        body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f2f2f7;color:#1c1c1e}\
        main{box-sizing:border-box;width:min(26rem,calc(100% - 2rem));margin:1rem;padding:2rem 1.5rem;background:#fff;\
        border-radius:1.25rem;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}\
        .app{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#6e6e73}\
        h1{margin:.4rem 0 .6rem;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}\
        :lang(ja) main{word-break:auto-phrase}\
        .detail{margin:0 0 1.5rem;line-height:1.45;color:#3a3a3c;overflow-wrap:anywhere}\
        a{display:block;margin-top:.75rem;padding:.9rem 1rem;border-radius:.8rem;font-weight:600;text-decoration:none}\
        .open{background:#0071e3;color:#fff}.fallback{background:#e8f1ff;color:#0062cc}\
        .qr{margin:1.5rem 0 0}.qr svg{display:block;width:11rem;height:auto;margin:0 auto}\
        .qr figcaption{margin-top:.5rem;font-size:.85rem;color:#6e6e73}\
        .claim{margin:1.5rem 0 0;line-height:1.45}.claim strong{display:block;margin-top:.25rem;white-space:nowrap;font-size:1.6rem;letter-spacing:.1em}\
        .claim-url{font-size:.8rem;overflow-wrap:anywhere;color:#6e6e73}\
        button{width:100%;margin-top:.5rem;padding:.9rem 1rem;border:0;border-radius:.8rem;font:inherit;font-weight:600;\
        background:#e8f1ff;color:#0062cc}\
        @media (prefers-color-scheme:dark){body{background:#000;color:#f2f2f7}main{background:#1c1c1e}\
        .detail{color:#d1d1d6}.app,.qr figcaption,.claim-url{color:#a1a1a6}.fallback{background:#0a2a4d;color:#8cc2ff}\
        button{background:#0a2a4d;color:#8cc2ff}}
        """

    /// The same card in the team's colours, one scheme: every word is `text` on `background`,
    /// the open button `background` on `accent`, the other buttons `accent` on `background`
    /// (the pairs the route file's loader checked against WCAG 2 AA).
    package static func styleSheet(theme: PageTheme) -> String {
        let accent = theme.accent.hex, background = theme.background.hex, text = theme.text.hex
        let scheme = theme.background.relativeLuminance < 0.18 ? "dark" : "light"
        return ":root{color-scheme:" + scheme + ";font-family:-apple-system,BlinkMacSystemFont,\"Segoe UI\",Roboto,Helvetica,Arial,sans-serif}"
            + "body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:" + background + ";color:" + text + "}"
            + "main{box-sizing:border-box;width:min(26rem,calc(100% - 2rem));margin:1rem;padding:2rem 1.5rem;background:" + background + ";"
            + "border:1px solid " + accent + ";border-radius:1.25rem;text-align:center}"
            + ".logo{display:block;max-width:10rem;max-height:4rem;margin:0 auto .75rem}"
            + ".app{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase}"
            + "h1{margin:.4rem 0 .6rem;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}"
            + ":lang(ja) main{word-break:auto-phrase}"
            + ".detail{margin:0 0 1.5rem;line-height:1.45;overflow-wrap:anywhere}"
            + "a{display:block;margin-top:.75rem;padding:.9rem 1rem;border-radius:.8rem;font-weight:600;text-decoration:none}"
            + ".open{background:" + accent + ";color:" + background + "}"
            + ".fallback{background:" + background + ";color:" + accent + ";box-shadow:inset 0 0 0 2px " + accent + "}"
            + ".qr{margin:1.5rem 0 0}.qr svg{display:block;width:11rem;height:auto;margin:0 auto}"
            + ".qr figcaption{margin-top:.5rem;font-size:.85rem}"
            + ".claim{margin:1.5rem 0 0;line-height:1.45}.claim strong{display:block;margin-top:.25rem;white-space:nowrap;font-size:1.6rem;letter-spacing:.1em}"
            + ".claim-url{font-size:.8rem;overflow-wrap:anywhere}"
            + "button{width:100%;margin-top:.5rem;padding:.9rem 1rem;border:0;border-radius:.8rem;font:inherit;font-weight:600;"
            + "background:" + background + ";color:" + accent + ";box-shadow:inset 0 0 0 2px " + accent + "}"
    }
}
