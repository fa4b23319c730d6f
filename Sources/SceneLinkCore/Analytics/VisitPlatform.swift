/// The operating system of a human visit, as its `User-Agent` names it (`UserAgentReading`
/// reads it; previews and bots get `other`).
///
/// Precedence, first match wins: `iPhone`, `iPad` or `iPod` → `ios`; `Android` → `android`;
/// `CrOS` → `chromeos`; `Windows` → `windows`; `Macintosh` or `Mac OS X` → `macos`; `Linux` →
/// `linux`; anything else → `other`. iOS and Android come first because their UAs also say
/// `like Mac OS X` and `Linux`. iPadOS Safari in its default desktop mode says `Macintosh` and
/// reads as `macos`: the header cannot tell the two apart.
public enum VisitPlatform: String, Sendable, CaseIterable {
    case ios
    case android
    case macos
    case windows
    case linux
    case chromeos
    case other
}
