/// The link unfurler behind a `preview` visit (`UserAgentReading` reads it).
///
/// Precedence, first match wins. The unfurlers that borrow another's token come first:
/// 1. `facebookexternalhit` with `Twitterbot` → `imessage` (Apple's Messages fetches
///    previews as `… Version/… Safari/… facebookexternalhit/1.1 Facebot Twitterbot/1.0`).
/// 2. `line-poker` → `line` (`facebookexternalhit/1.1;line-poker/1.0`).
/// 3. `TelegramBot` → `telegram` (`TelegramBot (like TwitterBot)`).
/// 4. `SkypeUriPreview` with `Teams` → `teams`; `SkypeUriPreview` alone → `skype`.
/// 5. `Slackbot` or `Slack-ImgProxy` → `slack`.
/// 6. A `User-Agent` that is exactly `WhatsApp` or `WhatsApp/2` → `signal` (Signal's apps
///    send that on purpose, so sites serve them WhatsApp's cards); any other with `WhatsApp`
///    → `whatsapp` (`WhatsApp/2.23.20.0 A`, `… i`, `… W`).
/// 7. `LinkedInBot` → `linkedin`; `Discordbot` → `discord`; `Pinterestbot` or
///    `Pinterest/0.` → `pinterest`; `+/web/snippet` → `google` (the snippet fetcher of Google
///    Chat, Hangouts and Android Messages); `Mastodon/` → `mastodon`; `Viber` as the first or
///    last token → `viber` (a Viber WebView has it in the middle and is a human); `Snap URL
///    Preview Service` → `snapchat`; `redditbot` → `reddit`; `Embedly` →
///    `embedly`; `Iframely` → `iframely`; `Cardyb` → `bluesky`; `ZoomBot` → `zoom`.
/// 8. `vkShare`, `kakaotalk-scrap` or `ZulipURLPreview` → `other`.
/// 9. `facebookexternalhit`, `facebookcatalog` or `Facebot` → `facebook`.
/// 10. `Twitterbot` → `twitter`.
public enum Previewer: String, Sendable, CaseIterable {
    case slack
    case imessage
    case whatsapp
    case telegram
    case twitter
    case facebook
    case linkedin
    case discord
    case skype
    case teams
    case pinterest
    /// Google's snippet fetcher: Google Chat, Hangouts, Android Messages.
    case google
    case signal
    case mastodon
    case viber
    case snapchat
    case reddit
    case embedly
    case iframely
    case bluesky
    case zoom
    case line
    case other
}
