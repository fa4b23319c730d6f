/// A sentence the link pages show (`LinkPageStrings`): its raw value is its key in each
/// language's file under `LinkPages/Strings/`, and `placeholders` what each translation must fill.
package enum LinkPageStringKey: String, CaseIterable, Sendable {
    /// The link to the app's own scheme.
    case openInApp
    /// The iOS fallback to the App Store page: `{app}`.
    case getOnAppStore
    /// The Android fallback to the Play Store page: `{app}`.
    case getOnGooglePlay
    /// A fallback to a web page.
    case continueOnWebsite
    /// A notice's link to the app's website: `{app}`.
    case goToWebsite
    /// The caption of a desktop page's QR code.
    case scanWithPhone
    /// Before the claim's code on an iPhone's page.
    case enterCode
    /// Before the claim URL on a page without a code (`GET /c/TOKEN`).
    case copyLinkThenOpen
    /// Before the claim URL under a code.
    case orCopyLink
    /// The copy button.
    case copyLink
    /// The copy button once it has copied.
    case copied
    /// A claim or short link nobody made.
    case unknownTitle
    case claimUnknownDetail
    /// A claim or short link past its time.
    case expiredTitle
    case claimExpiredDetail
    /// A link no route matches.
    case unresolvedTitle
    case unresolvedDetail
    case shortLinkUnknownDetail
    /// `{date}`: until when it worked (RFC 3339).
    case shortLinkExpiredDetail
    /// A short link whose target no longer resolves.
    case shortLinkNoScreenTitle
    case shortLinkNoScreenDetail

    /// The position in `allCases`.
    package var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The placeholders every translation of the sentence has, each once.
    package var placeholders: [String] {
        switch self {
        case .getOnAppStore, .getOnGooglePlay, .goToWebsite: ["{app}"]
        case .shortLinkExpiredDetail: ["{date}"]
        default: []
        }
    }
}
