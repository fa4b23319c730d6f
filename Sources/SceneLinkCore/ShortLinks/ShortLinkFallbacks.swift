/// Where one short link sends a visitor who does not have the app, by device, over the route's
/// fallbacks (Firebase Dynamic Links' `ifl`, `ipfl`, `afl` and `ofl`): each an http or https
/// URL, nil to keep the route's.
public struct ShortLinkFallbacks: Sendable, Equatable {
    /// An iPhone (FDL's `ifl`); an iPad too when `ipad` is nil.
    public var ios: String?
    /// An iPad whose browser says so (FDL's `ipfl`). iPadOS Safari in its desktop mode says
    /// `Macintosh` and gets `desktop`, as a Mac does.
    public var ipad: String?
    /// An Android phone or tablet (FDL's `afl`).
    public var android: String?
    /// Any other browser (FDL's `ofl`).
    public var desktop: String?

    /// The members, in the order the API writes them.
    public static let members = ["ios", "ipad", "android", "desktop"]

    public init(ios: String? = nil, ipad: String? = nil, android: String? = nil, desktop: String? = nil) {
        self.ios = ios
        self.ipad = ipad
        self.android = android
        self.desktop = desktop
    }

    /// True when no member is set.
    public var isEmpty: Bool { ios == nil && ipad == nil && android == nil && desktop == nil }

    /// The member called `name` (one of `members`).
    public subscript(name: String) -> String? {
        get {
            switch name {
            case "ios": ios
            case "ipad": ipad
            case "android": android
            case "desktop": desktop
            default: nil
            }
        }
        set {
            switch name {
            case "ios": ios = newValue
            case "ipad": ipad = newValue
            case "android": android = newValue
            case "desktop": desktop = newValue
            default: break
            }
        }
    }
}
