/// The browser of a human visit, as its `User-Agent` names it (`UserAgentReading` reads it;
/// previews and bots get `other`). Raw values are lower case and hyphenated, as analytics
/// stores them.
///
/// Precedence, first match wins (tokens are matched case-sensitively, as browsers send them):
/// 1. In-app browsers, as their token says the page opened inside that app whatever engine
///    draws it: `Instagram` → `instagram`; `FBAN/Messenger`, `Orca-Android` or
///    `FB_IAB/MESSENGER` → `messenger`; `FBAN/`, `FBAV/` or `FB_IAB/` → `facebook`;
///    `musical_ly`, `BytedanceWebview`, `trill_` or `TikTok` → `tiktok`; `Line/` → `line`;
///    `MicroMessenger` → `wechat`; `Snapchat` → `snapchat`; `[Pinterest/` → `pinterest`;
///    `LinkedInApp` → `linkedin`; `Twitter for i…` or
///    `TwitterAndroid` → `twitter`; `GSA/` → `gsa` (the Google app).
/// 2. Browsers built on Chromium or WebKit that add their own token to Chrome's or Safari's:
///    `Edg/`, `EdgA/` or `EdgiOS/` → `edge`; `OPR/`, `OPiOS/`, `OPT/` or `Opera` → `opera`;
///    `SamsungBrowser` → `samsung-internet`; `UCBrowser` or `UCWEB` → `uc-browser`;
///    `YaBrowser` or `YaSearchBrowser` → `yandex`; `DuckDuckGo/` or `Ddg/` → `duckduckgo`;
///    `Vivaldi/` → `vivaldi`.
/// 3. Other named browsers and shells (`MiuiBrowser`, `HuaweiBrowser`, `Whale/`, `Silk/`,
///    `QQBrowser`, `OculusBrowser`, `Electron/`) and Android WebViews of other apps (`wv)`)
///    → `other`, so they do not count as Chrome.
/// 4. `Firefox/` or `FxiOS/` → `firefox`.
/// 5. `Chrome/`, `Chromium/` or `CriOS/` → `chrome`.
/// 6. `Version/…` with `Safari/` → `safari`.
/// 7. Anything else → `other` (an iOS WebView without `Safari/`, an unknown client).
public enum BrowserFamily: String, Sendable, CaseIterable {
    case safari
    case chrome
    case firefox
    case edge
    case opera
    case samsungInternet = "samsung-internet"
    case ucBrowser = "uc-browser"
    case yandex
    case duckduckgo
    case vivaldi
    case instagram
    case facebook
    case messenger
    case tiktok
    case line
    case wechat
    case snapchat
    case pinterest
    case linkedin
    case twitter
    /// The Google app (Google Search App, `GSA/`).
    case gsa
    case other
}
