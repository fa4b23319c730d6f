/// Who a visit to a short link or a link page came from, as its `User-Agent` tells
/// (`UserAgentReading` reads it).
public enum VisitClass: String, Sendable, CaseIterable {
    /// A person's browser, or an app's in-app browser: everything that is not a preview or a bot.
    case human
    /// A link unfurler fetching the page to draw a card where the link was shared (Slack,
    /// iMessage, WhatsApp, Telegram, Discord…): a share, not a visit.
    case preview
    /// A crawler (Googlebot, GPTBot…), a scripted HTTP client (curl, python-requests,
    /// HeadlessChrome…), or no `User-Agent` at all.
    case bot
}
