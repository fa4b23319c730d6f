/// What one column of an import holds, whatever the export called it (`LinkImportFormat`).
public enum LinkImportColumn: Sendable, Hashable {
    /// The target: a link of the app (or a web page on an allowed site).
    case link
    /// The code itself (`alias`, `keyword`, `short code`).
    case code
    /// The whole short link (`https://links.example.com/Ab3x`): the code is its path.
    case shortLink
    case expiresAt
    case tags
    case title
    /// When the link was made, kept when it reads as RFC 3339 (or `YYYY-MM-DD hh:mm:ss`, UTC).
    case createdAt
    /// A Firebase link archived in its console: skipped and counted.
    case archived
    /// One of the link's own settings by its API path (`preview.title`, `fallbacks.ios`,
    /// `skipPage`, `campaign.utm_source`; `settingPaths`).
    case setting(String)
    /// A column of the export that SceneLink has no use for (`apn`, `clicks`).
    case ignored

    /// The settings' paths, as the API's members name them.
    public static let settingPaths = ["preview.title", "preview.description", "preview.image"]
        + ShortLinkFallbacks.members.map { "fallbacks." + $0 } + ["skipPage"] + LinkCampaign.names.map { "campaign." + $0 }

    /// The columns `GET /v1/short-links/export` writes, in order, which the `csv` import reads back.
    public static let exportHeaders = ["code", "url", "link", "title", "tags", "createdAt", "expiresAt"] + settingPaths + ["clicks", "visits"]
}
